type Messages = { [key: string]: unknown };

const isObject = (value: unknown): value is Messages => value !== null && typeof value === 'object';

/**
 * A language's messages: the base (react-admin's `ra.*` and the portal's `app.*`) with each
 * domain's messages merged in (`i18n/<domain>/<lang>.ts`, e.g. `resources.products.*` and
 * `products.*`). Two domains writing the same message is a mistake, so it throws.
 */
export function mergeMessages<T extends Messages>(base: T, domains: Messages[], path = ''): T {
  const out: Messages = { ...base };
  for (const domain of domains) {
    for (const [key, value] of Object.entries(domain)) {
      const here = path ? `${path}.${key}` : key;
      if (!(key in out)) out[key] = value;
      else if (isObject(out[key]) && isObject(value)) out[key] = mergeMessages(out[key] as Messages, [value], here);
      else throw new Error(`The message "${here}" is defined twice`);
    }
  }
  return out as T;
}
