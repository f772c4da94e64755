/** One entry of admin/auditlog. */
export interface AuditEntry {
  id: number;
  at: string;
  /** Null when nobody was signed in (a registration, a reset link, a scheduled run). */
  user_id: number | null;
  user_name: string | null;
  user_email: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  data: Record<string, unknown>;
  changes: { field: string; before: unknown; after: unknown }[];
}

/** The kinds of record the server audits (server `recordAudit` callers), for the entity filter. */
export const auditEntities = [
  'client', 'user', 'order', 'product', 'product_group', 'price_rule', 'property', 'lead', 'membership_question',
  'email_template', 'mailing_list', 'mailing_send', 'job', 'banner', 'branch', 'rep', 'webhook_endpoint', 'mailing_settings',
  'automail',
] as const;

/** A field's value as text: nothing as —, lists and objects as JSON. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
