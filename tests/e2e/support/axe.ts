import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import en from '../../../i18n/en';
import ar from '../../../i18n/ar';
import { DEMO_PASSWORD } from '../support';
import { loadAfreshNext } from './navigate';
import { networkQuiet, trackRequests } from './quiet';

/** The WCAG 2.0, 2.1 and 2.2 A and AA rules (2.2 adds e.g. target size); no rule is disabled. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/**
 * Rules every run must have applied. WCAG 2.5.3 label in name (axe's label-content-name-mismatch)
 * was experimental before axe-core 4.14 and left out of the tags above; a full audit found
 * its failures with 4.14. Should an axe release move it out of these tags again, the audit fails
 * instead of silently not checking it.
 */
export const REQUIRED_RULES = ['label-content-name-mismatch'];
const BLOCKING = new Set(['serious', 'critical']);

export type TestLocale = 'en' | 'ar';
const messages = { en, ar } as const;

/** A message of the portal in the language under test, by its key (e.g. `reps.links.open`). */
export function message(locale: TestLocale, key: string): string {
  let node: unknown = messages[locale];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no message ${key} in ${locale}`);
  return node.split('||||')[0]!.replace(/%\{[^}]+\}/g, '').trim();
}

export interface Finding {
  screen: string;
  text: string;
}

/**
 * A frame sandboxed with no permission at all (the mail preview: the template as a mail client
 * shows it, not the portal's interface) runs no script, so axe's timers never fire inside it and
 * its analysis never returns. Such frames are left out of the run; the rule axe would check on the
 * frame element itself (frame-title: a frame has a name) is checked here instead.
 */
const SCRIPTLESS_FRAME = 'iframe[sandbox=""]';

async function scriptlessFrameFindings(page: Page, screen: string): Promise<Finding[]> {
  const titles = await page.locator(SCRIPTLESS_FRAME).evaluateAll((frames) => frames.map((frame) => frame.getAttribute('title')?.trim() ?? ''));
  return titles.filter((title) => !title).map(() => ({ screen, text: `frame-title (serious) at ${SCRIPTLESS_FRAME}: the frame has no title` }));
}

/**
 * Serious and critical axe violations on what the page shows now, one line per rule and element.
 *
 * axe runs in the page itself (axe.run, the builder's "legacy" mode) and reports the elements of
 * its violations only. The default instead runs axe.runPartial in each frame, serializes every
 * element every rule looked at (a CSS selector, an XPath and the ancestry of each, thousands on an
 * admin list), and merges them in a new blank page: most of the audit's CPU, spent on the passes,
 * which are never read here. The rules, the tags and the elements checked are the same; a rule that
 * passed is still listed (with one element), so REQUIRED_RULES are still seen to have run. axe.run
 * does not always reach into frames (not into a srcdoc frame, tried): the portal has none but the
 * scriptless one left out above, and an audit fails if another appears.
 */
export async function axeFindings(page: Page, screen: string): Promise<Finding[]> {
  // options() first: it replaces the run options, withTags() then adds the tags to them.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(WCAG_TAGS).setLegacyMode();
  if ((await page.locator(SCRIPTLESS_FRAME).count()) > 0) builder.exclude(SCRIPTLESS_FRAME);
  const frames = await page.locator(`iframe:not(${SCRIPTLESS_FRAME}), frame, object`).count();
  if (frames > 0) throw new Error(`${screen}: ${frames} frame(s) besides the scriptless one, which this way of running axe may not audit`);
  const results = await builder.analyze();
  const ran = new Set([...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].map((rule) => rule.id));
  const missing = REQUIRED_RULES.filter((rule) => !ran.has(rule));
  if (missing.length > 0) throw new Error(`axe ${results.testEngine.version} did not run ${missing.join(', ')} with the tags ${WCAG_TAGS.join(', ')}`);
  return [...(await scriptlessFrameFindings(page, screen)), ...axeViolations(results.violations, screen)];
}

function axeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations'], screen: string): Finding[] {
  return violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map((node) => ({
        screen,
        text: `${violation.id} (${violation.impact}) at ${node.target.join(' ')} ${node.html.slice(0, 160)}: ${node.failureSummary?.split('\n').slice(1, 2).join('').trim() ?? ''}`,
      })),
    );
}

/** Every screen has exactly one level-one heading, its name. */
export async function headingFindings(page: Page, screen: string): Promise<Finding[]> {
  const count = await page.locator('h1:visible').count();
  return count === 1 ? [] : [{ screen, text: `page-has-one-h1: found ${count} visible h1 elements` }];
}

/** A message key shown instead of its message (`resources.invoices.name`): the top-level parts of the portal's messages. */
const MESSAGE_KEY = new RegExp(`\\b(?:${Object.keys(en).join('|')})\\.[a-z_-]+\\.[a-z_.-]+\\b`, 'g');

/**
 * Every message on screen is a message, not its key: a screen that rendered before its messages
 * were in (i18n/en.rest.ts, awaited by every lazy screen but the first) would show keys.
 */
export async function messageKeyFindings(page: Page, screen: string): Promise<Finding[]> {
  const text = await page.locator('body').innerText();
  return [...new Set(text.match(MESSAGE_KEY) ?? [])].map((key) => ({ screen, text: `message-key: "${key}" is shown instead of its message` }));
}

/**
 * Waits until the screen has loaded its data: its heading shown, no request in flight (the live
 * stream aside) and no spinner left. The heading first: react-admin's loading screen stays empty
 * for its first second, so on a busy machine the spinner check could pass before the spinner came.
 * A screen without a heading goes on after the wait, for headingFindings to report.
 */
export async function settle(page: Page): Promise<void> {
  await page
    .locator('h1:visible')
    .first()
    .waitFor({ timeout: 30_000 })
    .catch(() => undefined);
  await networkQuiet(page);
  await page
    .locator('.MuiCircularProgress-root, .MuiSkeleton-root')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

/** Signs in through the API (no form: the form's labels depend on the language under test). */
export async function apiSignIn(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/auth/login', {
    data: { email, password: DEMO_PASSWORD },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  if (!response.ok()) throw new Error(`sign-in of ${email} failed: ${response.status()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A GET on the API as the given user. */
export async function apiGetAs<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(path, { headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' } });
  if (!response.ok()) throw new Error(`GET ${path} failed: ${response.status()}`);
  return (await response.json()) as T;
}

/** The first record of a list call, which the screens under test need to exist (demo data). */
export async function firstId(request: APIRequestContext, token: string, path: string): Promise<number> {
  const answer = await apiGetAs<{ data: { id: number }[] }>(request, token, `${path}${path.includes('?') ? '&' : '?'}page=1&perPage=5`);
  const first = answer.data[0];
  if (!first) throw new Error(`${path} has no record to open`);
  return first.id;
}

/** The browser keeps the session and the language as the SPA does (src/providers/storage.ts). */
export async function useSession(page: Page, locale: TestLocale, token?: string, layout: 'horizontal' | 'vertical' = 'horizontal'): Promise<void> {
  trackRequests(page);
  // The script runs on the next load: the next screen opened is loaded, not reached in the app.
  loadAfreshNext(page);
  await page.addInitScript(
    ([lang, jwt, menu]) => {
      localStorage.setItem('locale', lang!);
      // react-admin's store (src/AdminApp.tsx, src/layout/layoutType.ts): the menu across the top or at the side.
      localStorage.setItem('RaStoreMembersPortal.layout.type', JSON.stringify(menu));
      if (jwt) {
        localStorage.setItem('x_token', jwt);
        localStorage.setItem('auth.currentUser', jwt);
      }
    },
    [locale, token ?? '', layout],
  );
}
