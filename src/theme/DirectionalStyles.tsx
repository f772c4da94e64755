import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

// Two emotion caches: the right-to-left one flips every margin, padding and position, so MUI
// components mirror correctly for Arabic.
let ltr: EmotionCache | null = null;
let rtl: EmotionCache | null = null;

function cacheFor(direction: 'ltr' | 'rtl'): EmotionCache {
  if (direction === 'rtl') return (rtl ??= createCache({ key: 'mui-rtl', stylisPlugins: [prefixer, rtlPlugin] }));
  return (ltr ??= createCache({ key: 'mui' }));
}

export function DirectionalStyles({ direction, children }: { direction: 'ltr' | 'rtl'; children: ReactNode }) {
  return <CacheProvider value={cacheFor(direction)}>{children}</CacheProvider>;
}
