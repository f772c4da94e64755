/**
 * Message lookup for the public pages: `app.auth.sign_in` in a nested message object, with
 * polyglot's `%{name}` placeholders. The public pages use no plural forms, so they do without
 * node-polyglot and the polyfills it brings (a large share of a small bundle).
 */
export type Messages = Record<string, unknown>;

export function lookup(messages: Messages, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Messages)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function interpolate(message: string, values: Record<string, unknown> = {}): string {
  return message.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * The message in the chosen language, else the key itself (every language holds every key); as
 * in polyglot, `_` gives the text for a key that may be missing (a role added after the release).
 */
export function translateWith(messages: Messages, key: string, values?: Record<string, unknown>): string {
  const fallback = typeof values?._ === 'string' ? values._ : key;
  return interpolate(lookup(messages, key) ?? fallback, values);
}
