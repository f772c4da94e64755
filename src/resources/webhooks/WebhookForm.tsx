import { BooleanInput, CheckboxGroupInput, SimpleForm, TextInput, maxLength, minLength, required } from 'react-admin';
import { WEBHOOK_EVENTS } from '../../../shared/webhooks/events';
import { eventLabel } from './types';

const eventChoices = WEBHOOK_EVENTS.map((id) => ({ id, name: eventLabel(id) }));
const validateUrl = [required(), maxLength(2000)];
const validateEvents = [required(), minLength(1)];

/** What webhooks/saveendpoint takes from the form; the secret is the server's. */
export const endpointFields = ({ url, description, events, active }: Record<string, unknown>) => ({
  url: typeof url === 'string' ? url.trim() : url,
  description: typeof description === 'string' ? description : '',
  events,
  active: active ?? true,
});

/** An endpoint's form, for creating and editing: where to send, which events, on or off. */
export function WebhookForm() {
  return (
    <SimpleForm sx={{ maxWidth: 720 }}>
      <TextInput source="url" type="url" validate={validateUrl} helperText="webhooks.url_help" fullWidth />
      <TextInput source="description" validate={maxLength(500)} fullWidth />
      <CheckboxGroupInput source="events" choices={eventChoices} validate={validateEvents} row={false} helperText="webhooks.events_help" />
      <BooleanInput source="active" helperText="webhooks.active_help" />
    </SimpleForm>
  );
}
