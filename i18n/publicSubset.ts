/**
 * The messages the public pages use (sign-in, password reset, registration, completion, tracking,
 * unsubscribe, 404): a public page downloads only these, not the whole back office's messages
 * (150 kB for everything a public page loads). Each entry is a key or a branch of keys.
 * tests/unit/publicMessages.test.ts checks that every key the public pages ask for is in here.
 */
export const publicMessageBranches = [
  'app.title',
  'app.page_title',
  'app.pages',
  'app.languages',
  'app.layout.language',
  'app.loading',
  'app.auth',
  'app.roles',
  'app.not_found',
  'app.upcoming',
  'billing.public',
  'courier.tracking',
  'mailing.unsubscribe',
  'members.types',
  'membership.fields',
  'membership.register',
  'membership.complete',
  'orders.status',
  'orders.tracking',
  'orders.view.cancelled_banner',
  'orders.view.lines',
  'orders.view.total',
  'orders.view.workflow',
  'privacy.public',
  'privacy.consent',
] as const;

type Messages = { [key: string]: unknown };

/** The branches above out of a language's messages, nested as they are there. */
export function publicSubset(messages: Messages): Messages {
  const out: Messages = {};
  for (const branch of publicMessageBranches) {
    const path = branch.split('.');
    let source: unknown = messages;
    for (const part of path) source = source && typeof source === 'object' ? (source as Messages)[part] : undefined;
    if (source === undefined) throw new Error(`The public message "${branch}" is missing`);
    let target = out;
    for (const part of path.slice(0, -1)) target = (target[part] ??= {}) as Messages;
    target[path[path.length - 1]] = source;
  }
  return out;
}
