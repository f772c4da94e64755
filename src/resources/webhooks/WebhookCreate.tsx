import { useState } from 'react';
import { Create, useRedirect } from 'react-admin';
import { SecretDialog } from './SecretDialog';
import { WebhookForm, endpointFields } from './WebhookForm';
import type { WebhookEndpoint } from './types';

/** A new endpoint: its secret is shown once, then the endpoint's page (with its test button) opens. */
export default function WebhookCreate() {
  const redirect = useRedirect();
  const [created, setCreated] = useState<WebhookEndpoint | null>(null);
  return (
    <>
      <Create
        transform={endpointFields}
        record={{ active: true, events: [] }}
        mutationOptions={{ onSuccess: (data: WebhookEndpoint) => setCreated(data) }}
      >
        <WebhookForm />
      </Create>
      <SecretDialog
        secret={created?.secret ?? null}
        onClose={() => {
          const id = created?.id;
          setCreated(null);
          redirect('edit', 'webhooks', id);
        }}
      />
    </>
  );
}
