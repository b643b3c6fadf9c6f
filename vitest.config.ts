import { defineConfig } from 'vitest/config';

// Two projects: the web app (jsdom) and the server (node, real PGlite/PostgreSQL, ffmpeg and engines).
// Playwright files under tests/e2e are never picked up here.
export default defineConfig({
  test: {
    projects: [
      {
        extends: './vite.config.ts',
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
          // Both cores: left to its default, Vitest ran these files in one worker on the 2-core machine, and they run
          // before the server's, on their own (measured 20 s -> 13 s for the 172 tests).
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          // One migrated PGlite database saved once; every test's in-memory database starts from it.
          globalSetup: ['tests/server/helpers/pglite-snapshot.setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
          maxWorkers: 2,
          // Each of the two forks runs its files one after another in one module registry: loading the server's
          // modules again for every file cost ~2 s a file (Vitest's "import" 89 s -> 18 s on 15 auth/credits/users
          // files, their wall time 141 s -> 99 s). Every test starts its own app, database and data folder, and
          // a test that changes process.env or timers puts them back.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
