/**
 * How a placeholder is written in a template's subject and body: `{{key}}`, spaces allowed inside
 * the braces. One pattern for the server that fills them and the screens that show a template.
 */
export const placeholderPattern = /\{\{\s*([a-zA-Z0-9_]+)\s*\}\}/g;

/** The text with each placeholder replaced by what `replace` makes of its key. */
export function replacePlaceholders(text: string, replace: (key: string) => string): string {
  return text.replace(placeholderPattern, (_match, key: string) => replace(key));
}
