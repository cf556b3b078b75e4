import { defineConfig } from 'vitest/config';

/** One runner, four projects: contracts and web units, server integration, browser e2e. */
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'contracts', include: ['packages/contracts/test/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./test/setup.ts'],
          // The browser's tus-js-client (XMLHttpRequest), as the built app has it, not its Node build.
          alias: [{ find: /^tus-js-client$/, replacement: 'tus-js-client/lib.esm/browser/index.js' }],
          server: { deps: { inline: ['tus-js-client'] } },
          // jsdom page tests (the reimbursement form's longest takes 3.3 s on a loaded 2-core
          // machine): a hang still fails, a busy machine does not.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['apps/server/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/tests/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // Two files at once (each its own server and browser): the machine's two cores.
          maxWorkers: 2,
        },
      },
    ],
  },
});
