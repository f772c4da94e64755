/**
 * The English of the back office's screens past the first one (i18n/en.rest.ts) is not in the
 * shell; every lazily loaded screen but the first waits for it beside its own chunk
 * (src/screens/lazyScreen.ts), so no screen renders a message key. The i18n provider says how it
 * is loaded; where there is none (unit tests render screens with the whole English), there is
 * nothing to wait for.
 */
let load: () => Promise<void> = () => Promise.resolve();

export const laterMessagesReady = (): Promise<void> => load();

export function setLaterMessagesLoader(loader: () => Promise<void>): void {
  load = loader;
}
