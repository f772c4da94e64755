import SendIcon from '@mui/icons-material/Send';
import { Button } from 'react-admin';
import { useApiAction } from '../shared/useApiAction';

/** "Send a test to me": the template as it stands in the form, to the signed-in admin (crm/testsendtemplate). */
export function TestSendButton({ subject, body }: { subject: string; body: string }) {
  const send = useApiAction<{ subject: string; body: string }, { data: { to: string } }>('api/crm/testsendtemplate', {
    success: (answer) => ({ message: 'mailing.templates.test_sent', args: { to: answer.data.to } }),
  });
  return (
    <Button label="mailing.templates.test_send" onClick={() => void send.run({ subject, body })} disabled={send.isPending || !subject.trim() || !body.trim()} variant="outlined" sx={{ mt: 0.5 }}>
      <SendIcon />
    </Button>
  );
}
