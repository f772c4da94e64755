import type { Plugin } from 'vite';
import ar from '../i18n/ar';
import en from '../i18n/en';
import es from '../i18n/es';
import fr from '../i18n/fr';
import { locales } from '../i18n/locales';
import { publicSubset } from '../i18n/publicSubset';
import zh from '../i18n/zh';

const all = { ar, en, es, fr, zh };
const prefix = 'virtual:public-messages/';

/**
 * `virtual:public-messages/<lang>`: the public pages' share of a language's messages, cut at
 * build time (i18n/publicSubset.ts), so a public page downloads a few kB of messages, not the back
 * office's. The messages are read when Vite starts: restart `npm run dev:spa` after editing them.
 */
export function publicMessages(): Plugin {
  return {
    name: 'portal-public-messages',
    resolveId(id) {
      return id.startsWith(prefix) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const locale = id.slice(prefix.length + 1);
      if (!(locales as readonly string[]).includes(locale)) throw new Error(`No messages for "${locale}"`);
      return `export default ${JSON.stringify(publicSubset(all[locale as keyof typeof all]))};`;
    },
  };
}
