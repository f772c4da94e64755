import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { locales } from '../../i18n/locales';
import { messagesOf } from './support/messagesOf';
import { publicMessageBranches } from '../../i18n/publicSubset';
import { lookup } from '../../src/i18n/interpolate';
import { loadPublicMessages } from '../../src/i18n/publicMessages';

/**
 * A public page downloads only its language's public share of the messages (i18n/publicSubset.ts,
 * cut at build time). A key a public page asks for outside that share would show as the raw key:
 * this reads every `translate('…')` in the public pages' code and looks each one up in every
 * language's share, as the browser gets it (through the Vite plugin).
 */
const publicSources = ['src/pages/public', 'src/i18n'].flatMap((dir) =>
  readdirSync(dir)
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => readFileSync(join(dir, file), 'utf8')),
);
const asked = publicSources.flatMap((source) => [...source.matchAll(/translate\(\s*[`'"]([\w.${}]+)[`'"]/g)].map((match) => match[1]));
// `members.types.${type}`, `membership.complete.token_${problem}`: the branch that holds every key
// such a name can take (`members.types`, `membership.complete`) must be there whole.
const literalKeys = [...new Set(asked.filter((key) => !key.includes('${')))];
const branchKeys = [...new Set(asked.filter((key) => key.includes('${')).map((key) => key.slice(0, key.lastIndexOf('.', key.indexOf('${')))))];

describe('the public pages’ messages', () => {
  it('finds the keys it checks (the pattern still matches the code)', () => {
    expect(literalKeys).toEqual(expect.arrayContaining(['app.auth.sign_in', 'membership.register.submit', 'mailing.unsubscribe.confirm']));
    expect(branchKeys).toEqual(expect.arrayContaining(['members.types', 'orders.status', 'app.languages', 'membership.complete']));
  });

  it.each(locales)('%s: every key a public page asks for is in its public share', async (locale) => {
    const share = await loadPublicMessages(locale);
    const missing = literalKeys.filter((key) => lookup(share, key) === undefined);
    expect(missing).toEqual([]);
    const full = await messagesOf(locale);
    for (const branch of branchKeys) {
      const fixed = branch.split('.');
      const inFull = fixed.reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], full);
      const inShare = fixed.reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], share);
      expect(inFull, branch).toBeTypeOf('object');
      expect(inShare, branch).toEqual(inFull);
    }
  });

  it('is a small share of the whole: the back office’s messages stay out', async () => {
    const share = await loadPublicMessages('en');
    expect(Object.keys(share).sort()).toEqual([...new Set(publicMessageBranches.map((branch) => branch.split('.')[0]))].sort());
    expect(lookup(share, 'ra.action.save')).toBeUndefined();
    expect(lookup(share, 'resources.products.name')).toBeUndefined();
    expect(JSON.stringify(share).length).toBeLessThan(JSON.stringify(await messagesOf('en')).length / 3);
  });
});
