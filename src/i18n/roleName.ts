/**
 * A role's name in the reader's language: the API gives `name` (admin, stockist…) and an
 * English `display_name`; the messages hold the five languages under `app.roles`, with the
 * display name as the fallback for a role added later.
 */
export function roleLabel(translate: (key: string, options?: Record<string, unknown>) => string, role: { name?: string; role_name?: string; display_name?: string }): string {
  const name = role.name ?? role.role_name ?? '';
  return translate(`app.roles.${name}`, { _: role.display_name ?? name });
}
