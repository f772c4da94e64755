import type { Plugin } from 'vite';

export function publicMessages(): Plugin;
