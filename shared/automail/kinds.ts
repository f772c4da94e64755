/**
 * The automatic mails: what each kind is about, the placeholders its template may use,
 * and which of them a member may turn off for itself. Shared by the server (queuing, validation)
 * and the back office (the switches, the editor's placeholder list, the member's preferences).
 */
export const automailKinds = ['membership_welcome', 'renewal_30', 'renewal_7', 'renewal_0', 'order_confirmation', 'order_status'] as const;
export type AutomailKind = (typeof automailKinds)[number];

export const isAutomailKind = (value: unknown): value is AutomailKind => automailKinds.includes(value as AutomailKind);

/** The member's own choices (stored per client); each names the kinds it covers. */
export const noticePreferences = {
  order_confirmation: ['order_confirmation'],
  order_status: ['order_status'],
  renewal_reminders: ['renewal_30', 'renewal_7', 'renewal_0'],
} as const satisfies Record<string, readonly AutomailKind[]>;
export type NoticePreference = keyof typeof noticePreferences;
export const noticePreferenceNames = Object.keys(noticePreferences) as NoticePreference[];

/** The preference that lets a member refuse `kind`, if any (the welcome always goes). */
export function preferenceOf(kind: AutomailKind): NoticePreference | null {
  for (const name of noticePreferenceNames) if ((noticePreferences[name] as readonly AutomailKind[]).includes(kind)) return name;
  return null;
}

const member = ['name', 'contact_name', 'email'] as const;
const order = [...member, 'reference', 'total'] as const;

/** The `{placeholders}` each kind's template may use (a template naming another is refused). */
export const automailPlaceholders: Record<AutomailKind, readonly string[]> = {
  membership_welcome: [...member, 'date'],
  renewal_30: [...member, 'days', 'date'],
  renewal_7: [...member, 'days', 'date'],
  renewal_0: [...member, 'date'],
  order_confirmation: order,
  order_status: [...order, 'status'],
};

/** The placeholders a template text names that its kind does not know. */
export function unknownPlaceholders(kind: AutomailKind, text: string): string[] {
  const known = automailPlaceholders[kind];
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].filter((name) => !known.includes(name));
}

/** Limits of an admin's template text (the schema and the form say the same). */
export const AUTOMAIL_SUBJECT_MAX = 200;
export const AUTOMAIL_BODY_MAX = 10_000;
