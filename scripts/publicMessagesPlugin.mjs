/**
 * `virtual:public-messages/<lang>`: the public pages' share of a language's messages
 * (i18n/publicSubset.ts), cut at build time, so a public page downloads a few kB of messages and
 * not the back office's: a public page must stay under 150 kB (`npm run bench` measures it). The
 * message files are TypeScript: esbuild bundles each one (with publicSubset) into a module
 * evaluated here; Vite's config itself never imports them.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const prefix = 'virtual:public-messages/';
const i18nDir = fileURLToPath(new URL('../i18n/', import.meta.url));

async function publicShare(locale) {
  const entry = `import all from './${locale}.ts'; import { publicSubset } from './publicSubset.ts'; export default publicSubset(all);`;
  const result = await build({
    stdin: { contents: entry, resolveDir: i18nDir, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    logLevel: 'silent',
    metafile: true,
  });
  const code = result.outputFiles[0].text;
  const module = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  return { messages: module.default, inputs: Object.keys(result.metafile.inputs) };
}

export function publicMessages() {
  return {
    name: 'portal-public-messages',
    resolveId(id) {
      return id.startsWith(prefix) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const locale = id.slice(prefix.length + 1);
      if (!/^[a-z]{2}$/.test(locale)) throw new Error(`No messages for "${locale}"`);
      const { messages, inputs } = await publicShare(locale);
      // So that `npm run dev:spa` and Vitest's watch mode cut the share again when a message changes.
      for (const input of inputs) if (!input.startsWith('<stdin>')) this.addWatchFile(fileURLToPath(new URL(`../${input}`, import.meta.url)));
      return `export default ${JSON.stringify(messages)};`;
    },
  };
}
