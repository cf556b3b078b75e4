import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const require = createRequire(import.meta.url);

const API_TARGET = 'http://127.0.0.1:8080';

/**
 * Pages the server answers itself (apps/server/src/lib/paths.ts and the docs, health and dev
 * routes): the service worker never answers a visit to one of them with the app shell. Workbox
 * tests each against the path and the query string.
 */
export const SERVER_PAGES: RegExp[] = [
  /^\/api\//,
  /^\/provider\//,
  /^\/dev\//,
  /^\/docs(?:[/?]|$)/,
  /^\/(?:healthz|readyz)(?:\?|$)/,
];

/** Modules of the 'signed-in' chunk (below): one RegExp, any of these alternatives. */
const SIGNED_IN_START = new RegExp(
  [
    /node_modules[\\/]@tanstack[\\/]/,
    /src[\\/]app[\\/](query-client|use-sign-out)\.ts/,
    /src[\\/]app[\\/]shell[\\/](signed-in|session-timeout|unread-badge)\.tsx/,
    /src[\\/]lib[\\/](draft-mirror\.ts|api[\\/](get-account|get-claims|get-unread-count|logout|keep-alive)\.ts)/,
  ]
    .map((pattern) => pattern.source)
    .join('|'),
);

/** Modules of the 'form-kit' chunk (below). */
const FORM_KIT = new RegExp(
  [
    /src[\\/]components[\\/](form-field|alert-entry-text)\.tsx/,
    /src[\\/]components[\\/]forms[\\/]button-hint\.tsx/,
    /src[\\/]components[\\/]form-field\.module\.css/,
    /src[\\/]lib[\\/]steady-while-pressed\.ts/,
    /contracts[\\/]src[\\/]text\.ts/,
  ]
    .map((pattern) => pattern.source)
    .join('|'),
);

const plugins = [
  react(),
  VitePWA({
    // spec 000 §1: the service worker exists in production builds only and is registered by
    // src/lib/service-worker.ts (workbox-window) once the app is stable — never by an inline script,
    // which the server's CSP (script-src 'self') would refuse anyway.
    injectRegister: false,
    registerType: 'prompt',
    devOptions: { enabled: false },
    includeAssets: ['favicon.svg'],
    // The provider's name and phone are the server's configuration (PROVIDER_*), read when the app
    // starts (src/lib/provider.ts): a file built once says neither.
    manifest: {
      name: 'Claimant Web Portal',
      short_name: 'Claims',
      description:
        'Manage your accepted transport accident claim: messages, documents, reimbursements and your details.',
      lang: 'en-AU',
      start_url: '/login',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#0b3a5d',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/icon-maskable.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
      ],
    },
    workbox: {
      // The app shell is precached; the server's own pages and calls are never cached or answered offline.
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      navigateFallback: '/index.html',
      navigateFallbackDenylist: SERVER_PAGES,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: false,
    },
  }),
];

export default defineConfig(({ command }) => ({
  plugins,
  resolve: {
    // React Router publishes its production build (dev warnings compiled out) beside the
    // development one that its package exports name for every condition: a production build
    // takes it (the /login budget, bench/bundle-check.ts). Tests and the dev server keep the warnings.
    alias:
      command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: path.join(
                path.dirname(require.resolve('react-router/package.json')),
                'dist/production/index.mjs',
              ),
            },
          ]
        : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Assets are files, except where a module asks for `?inline`: the claim home's six panel
    // icons (and the sign-in page's three), a few hundred bytes each, are drawn with the page
    // rather than fetched after it (img-src allows data: in the server's CSP).
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // A group holds the modules it names, not everything they import.
          includeDependenciesRecursively: false,
          // Everything the entry imports statically goes into the entry chunk, which every page
          // loads anyway: one file compresses better than the dozen small shared chunks the default
          // split makes of it (the first visit to /login has a budget, bench/bundle-check.ts).
          // Pages and what they alone use stay in their own chunks.
          groups: [
            { name: 'app', tags: ['$initial'] },
            // What every signed-in page loads as the app starts (TanStack Query, the query client,
            // the shell's signed-in parts and the calls they make), as one file rather than a
            // score of small ones, each a request — queued six at a time on an HTTP/1.1
            // connection (bench/RESULTS.md Lighthouse /claim). The sign-in page loads none of it.
            { name: 'signed-in', test: SIGNED_IN_START },
            // The small modules every form page shares with the sign-in page (the fields, the held
            // messages, the alert's words): one file rather than four, which the first visit to
            // /login would otherwise fetch and pay the compression overhead of each.
            { name: 'form-kit', test: FORM_KIT },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/dev': { target: API_TARGET, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/dev': { target: API_TARGET, changeOrigin: false },
    },
  },
}));
