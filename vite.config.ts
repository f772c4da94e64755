import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { backOfficeChunk } from './scripts/backOfficeChunk.mjs';
import { publicMessages } from './scripts/publicMessagesPlugin.mjs';

export default defineConfig({
  plugins: [
    react(),
    publicMessages(),
    backOfficeChunk(),
    // The installable app: the manifest and a service worker of our own (src/sw), which
    // precaches the build. Registered by the back office for members and reps, after it has shown its
    // first screen (src/offline/registerServiceWorker.ts), never by the public pages.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'serviceWorker.ts',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        name: 'Members Portal',
        short_name: 'Portal',
        description: 'Orders, clients and products for members and reps, also with a weak connection.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1f5f8b',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The app's own files; not the precompressed copies (scripts/compress.mjs writes them later
        // anyway), source maps or the build manifest.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/.vite/**', 'sw.js'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
  ],
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
    // scripts/buildWeb.mjs says where (WEB_OUT_DIR) in the configuration rather than with --outDir:
    // vite-plugin-pwa's service-worker build reads the configured folder, not the command line's.
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    // Chunks are loaded lazily; the public pages must stay small (150 kB in all).
    chunkSizeWarningLimit: 1500,
    // bench/bundle.ts reads the chunk graph from it.
    manifest: true,
    // index.html keeps its <link rel="modulepreload"> for the entry's chunks; a lazy import does not
    // list its chunk's dependencies for Vite's preload helper. That list is a table of every chunk's
    // name in the back office's first chunk (6 kB, ~3.7 kB as sent, within the goal of 1.1× a minimal react-admin app), for a
    // gain of one round trip the first time a screen opens: its chunk's imports are requested as
    // soon as it arrives instead of with it. The members' and reps' app has every chunk precached.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    // ANALYZE_SOURCEMAP=1 writes source maps, to see which module puts what into a chunk; never shipped.
    sourcemap: process.env.ANALYZE_SOURCEMAP === '1',
  },
});
