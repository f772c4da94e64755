import { lazy, type ComponentType } from 'react';
import { laterMessagesReady } from '../i18n/laterMessages';

/** A screen's chunk that has not arrived in 120 seconds counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export function withTimeout<T>(load: () => Promise<T>, ms = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The screen took too long to load')), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * A lazily loaded screen (every screen is its own chunk). It renders once its chunk and the English
 * of the screens past the first (src/i18n/laterMessages.ts) are in; the members list, the admin's
 * first screen, needs only the shell's messages and says so with `firstScreen`.
 */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, options: { firstScreen?: boolean } = {}) {
  return lazy(() => withTimeout(() => (options.firstScreen ? load() : Promise.all([load(), laterMessagesReady()]).then(([screen]) => screen))));
}
