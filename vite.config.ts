import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui } from '@lingui/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';

// The web app build. stack.md: plugin-react 6 has no `babel` option, so the Lingui macro runs through
// @rolldown/plugin-babel; the Comlink worker is an ES module worker.
export default defineConfig({
  plugins: [
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    lingui(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['icons/*.svg', 'icons/*.png'],
      manifest: {
        name: 'Tarjama — AI translation and dubbing',
        short_name: 'Tarjama',
        description: 'Subtitles, AI voice-over and document translation in your browser.',
        start_url: '/studio',
        scope: '/',
        display: 'standalone',
        background_color: '#0b1020',
        theme_color: '#4f46e5',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        navigateFallback: '/index.html',
        // API and media paths are never answered by the app shell.
        navigateFallbackDenylist: [/^\/(v1|auth\/login|auth\/google|api|files|uploads|tus|healthz|user|docs)\b/],
        runtimeCaching: [
          {
            // Finished downloads (signed output URLs) are kept so they open offline; 30 days like the source videos.
            // Output URLs are signed (a signature/expiry in the query), same-origin locally or on S3 at scale.
            urlPattern: ({ url, request }) =>
              request.method === 'GET' &&
              /[?&](sig|signature|x-amz-signature|expires|exp)=/i.test(url.search) &&
              !/^\/(v1|auth|api|user|tus|healthz)\b/.test(url.pathname),
            handler: 'NetworkFirst',
            method: 'GET',
            options: {
              cacheName: 'tarjama-downloads',
              expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 },
              cacheableResponse: { statuses: [0, 200] },
              // No network timeout: a slow answer is waited for, because the kept copy may be older than the file on
              // the server (after an edit or a re-dub); only a failed request (offline) falls back to the kept copy.
              // One entry per file, keyed by its path without the signature (which changes on every job-list read):
              // each download from the network replaces the kept copy, so after an edit or a re-dub the offline copy
              // is the newest one. Matching with ignoreSearch instead kept one copy per signature and answered with
              // the oldest (issue 22 item 2). The same key as cacheKey in src/features/jobs/api/jobs.api.ts;
              // the function is copied into the service worker as source, so it stands alone.
              plugins: [
                {
                  cacheKeyWillBeUsed: async ({ request }: { request: Request }) => {
                    const url = new URL(request.url);
                    return url.origin + url.pathname;
                  },
                },
              ],
            },
          },
        ],
      },
    }),
  ],
  worker: { format: 'es' },
  build: { outDir: 'dist', target: 'es2022', sourcemap: false },
  server: {
    proxy: { '/v1': 'http://127.0.0.1:8000', '/api': 'http://127.0.0.1:8000', '/user': 'http://127.0.0.1:8000' },
  },
});
