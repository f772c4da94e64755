import type { ListAnswer, ResourceEndpoints } from '../../providers/resourceEndpoints';
import type { ListMember, MailingList, Placeholder } from './types';

/** crm/mailinglist answers the list with one page of its members; react-admin rows need an `id`. */
function membersPage(answer: unknown): ListAnswer & { list: MailingList } {
  const { data } = answer as { data: { list: MailingList; members: ListMember[]; total: number } };
  return { data: data.members.map((member) => ({ ...member, id: member.client_id })), total: data.total, list: data.list };
}

/**
 * What savemailinglist takes. A cleared description arrives from the form as null (react-admin
 * reads an empty input so), and the API wants text.
 */
export const mailingListFields = ({ name, description }: Record<string, unknown>) => ({ name, description: description ?? '' });

/** crm/placeholders answers every placeholder at once, keyed by name. */
function placeholders(answer: unknown): ListAnswer {
  const { data } = answer as { data: Placeholder[] };
  return { data: data.map((placeholder) => ({ ...placeholder, id: placeholder.key })), total: data.length };
}

/**
 * The mailing resources in the API: templates, lists, a list's members (filtered by
 * the list's `id`), sends, a send's deliveries (by the send's `id`), the mail queue and the
 * placeholders a template may use.
 */
export const mailingEndpoints: Record<string, ResourceEndpoints> = {
  'email-templates': { list: 'api/crm/emailtemplates', one: 'api/crm/emailtemplate', save: 'api/crm/savetemplate', delete: 'api/crm/deletetemplate' },
  'mailing-lists': { list: 'api/crm/mailinglists', save: 'api/crm/savemailinglist', delete: 'api/crm/deletemailinglist' },
  'mailing-list-members': { list: 'api/crm/mailinglist', listFrom: membersPage },
  'mailing-sends': { list: 'api/crm/mailingsends', one: 'api/crm/mailingsend' },
  'send-deliveries': { list: 'api/crm/senddeliveries' },
  'mail-queue': { list: 'api/crm/mailqueue' },
  'mail-placeholders': { list: 'api/crm/placeholders', listFrom: placeholders },
};
