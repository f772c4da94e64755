import { useState } from 'react';
import SendIcon from '@mui/icons-material/Send';
import { Button, useNotify } from 'react-admin';
import { apiPost } from '../../providers/http';
import { useFailureNotice } from '../shared/failureNotice';

/** "Send a test to me": the template as it stands in the form, to the signed-in admin (crm/testsendtemplate). */
export function TestSendButton({ subject, body }: { subject: string; body: string }) {
  const notify = useNotify();
  const failed = useFailureNotice();
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      const answer = await apiPost<{ data: { to: string } }>('api/crm/testsendtemplate', { subject, body });
      notify('mailing.templates.test_sent', { type: 'success', messageArgs: { to: answer.data.to } });
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="mailing.templates.test_send" onClick={send} disabled={busy || !subject.trim() || !body.trim()} variant="outlined" sx={{ mt: 0.5 }}>
      <SendIcon />
    </Button>
  );
}
