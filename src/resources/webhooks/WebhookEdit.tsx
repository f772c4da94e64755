import { useState } from 'react';
import KeyIcon from '@mui/icons-material/Key';
import SendIcon from '@mui/icons-material/Send';
import { Box } from '@mui/material';
import { Button, Edit, ListButton, RecordContextProvider, TopToolbar, useRecordContext } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { EditPageHeading } from '../../layout/FormPageHeading';
import { ConfirmedButton } from '../shared/ConfirmedButton';
import { useApiAction } from '../shared/useApiAction';
import { useRouteRecordId } from '../shared/useRouteRecordId';
import { DeliveryLog } from './DeliveryLog';
import { SecretDialog } from './SecretDialog';
import { WebhookForm, endpointFields } from './WebhookForm';
import type { WebhookEndpoint } from './types';

/** Queues a signed `ping` to the endpoint (webhooks/testendpoint); it shows in the log below. */
function TestButton() {
  const endpoint = useRecordContext<WebhookEndpoint>();
  const queryClient = useQueryClient();
  // Only the log below is read again: the ping shows there.
  const test = useApiAction<{ id: WebhookEndpoint['id'] }>('api/webhooks/testendpoint', {
    success: 'webhooks.test_sent',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['webhook-deliveries'] }),
  });
  if (!endpoint) return null;
  return (
    <Button label="webhooks.test" onClick={() => void test.run({ id: endpoint.id })} disabled={test.isPending}>
      <SendIcon />
    </Button>
  );
}

/** A new secret for the endpoint (the old one stops working at once), shown once. */
function RotateSecretButton({ onSecret }: { onSecret: (secret: string) => void }) {
  const endpoint = useRecordContext<WebhookEndpoint>();
  const rotate = useApiAction<Pick<WebhookEndpoint, 'id' | 'url' | 'events'> & { rotate_secret: true }, { data: WebhookEndpoint }>('api/webhooks/saveendpoint', {
    refresh: true,
    onSuccess: (answer) => {
      if (answer.data.secret) onSecret(answer.data.secret);
    },
  });
  if (!endpoint) return null;
  const { id, url, events } = endpoint;
  return (
    <ConfirmedButton
      label="webhooks.rotate"
      icon={<KeyIcon />}
      title="webhooks.rotate_title"
      content="webhooks.rotate_confirm"
      onConfirm={() => rotate.run({ id, url, events, rotate_secret: true })}
    />
  );
}

function Actions({ onSecret }: { onSecret: (secret: string) => void }) {
  return (
    <>
      <EditPageHeading />
      <TopToolbar sx={{ flexWrap: 'wrap' }}>
        <ListButton />
        <TestButton />
        <RotateSecretButton onSecret={onSecret} />
      </TopToolbar>
    </>
  );
}

/**
 * An endpoint's page: its form (pessimistic, so the server's field errors show on it), the test
 * and new-secret buttons, and its delivery log.
 */
export default function WebhookEdit() {
  const id = useRouteRecordId();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <>
      <Edit id={id} mutationMode="pessimistic" redirect={false} transform={endpointFields} actions={<Actions onSecret={setSecret} />}>
        <WebhookForm />
      </Edit>
      {/* Below the form and its toolbar (which stays at the bottom of a phone's screen), not inside it. */}
      {id !== undefined && (
        <RecordContextProvider value={{ id }}>
          <Box sx={{ mt: 2, mb: { xs: 10, sm: 2 } }}>
            <DeliveryLog />
          </Box>
        </RecordContextProvider>
      )}
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}
