import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { backOfficeChunk } from './scripts/backOfficeChunk.mjs';
import { publicMessages } from './scripts/publicMessagesPlugin.mjs';

export default defineConfig({
  plugins: [react(), publicMessages(), backOfficeChunk()],
  resolve: {
    // The lock file nests an older @tiptap/core under ra-input-rich-text than the extensions
    // nested beside it need (isValidCSSStyleValue): one copy of tiptap's core for all of them.
    dedupe: ['@tiptap/core', '@tiptap/pm', '@tiptap/react'],
    alias: { 'object.entries': fileURLToPath(new URL('./src/shims/object-entries.cjs', import.meta.url)) },
  },
  server: {
    // `npm run dev:spa` talks to `npm run dev:api` (port 3000).
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    // SPEC §9: chunks are loaded lazily; the public pages must stay small (DESIGN §7).
    chunkSizeWarningLimit: 1500,
    // bench/bundle.ts reads the chunk graph from it.
    manifest: true,
  },
});
