import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { useEffect, useState, type ReactNode } from 'react';
import { cspNonce } from './cspNonce';

// Two emotion caches: the right-to-left one runs every style through stylis-plugin-rtl, which
// flips margins, paddings and positions so MUI mirrors correctly for Arabic. Its plugin (with
// cssjanus) is loaded only when a right-to-left language is chosen.
let ltr: EmotionCache | null = null;
let rtl: Promise<EmotionCache> | null = null;

const ltrCache = () => (ltr ??= createCache({ key: 'mui', nonce: cspNonce() }));

function loadRtlCache(): Promise<EmotionCache> {
  rtl ??= Promise.all([import('stylis'), import('stylis-plugin-rtl')]).then(([stylis, plugin]) =>
    createCache({ key: 'mui-rtl', nonce: cspNonce(), stylisPlugins: [stylis.prefixer, plugin.default] }),
  );
  return rtl;
}

export function DirectionalStyles({ direction, children }: { direction: 'ltr' | 'rtl'; children: ReactNode }) {
  const [rtlCache, setRtlCache] = useState<EmotionCache | null>(null);
  useEffect(() => {
    if (direction === 'rtl') loadRtlCache().then(setRtlCache);
  }, [direction]);
  if (direction === 'rtl') {
    // Rendering left-to-right for the moment the plugin loads would flash a mirrored page.
    return rtlCache ? <CacheProvider value={rtlCache}>{children}</CacheProvider> : null;
  }
  return <CacheProvider value={ltrCache()}>{children}</CacheProvider>;
}
