import { defineConfig } from '@playwright/test';
import { NO_SOUND_SERVER } from './server/src/config/child-env.ts';

/**
 * End-to-end tests in Debian Chromium against the real server, started as `npm start` does after the web build
 * (stack.md: never `npx playwright install`; the background-networking flags keep Chromium off the closed network).
 */
// E2E_PORT lets two checkouts on one machine run their browser tests at once.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8199);
export const E2E_DATA_DIR = '.test-data/e2e';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/e2e',
  timeout: 240_000,
  expect: { timeout: 20_000 },
  // Files run two at a time against one server (every test signs up its own account, so none share state); each
  // file's tests stay in order. E2E_WORKERS=1 runs them one by one.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    browserName: 'chromium',
    viewport: { width: 1280, height: 860 },
    acceptDownloads: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      // No sound server, as for the engines (child-env.ts): libpulse would leave a /tmp/pulse-* folder behind.
      env: { ...process.env, PULSE_SERVER: NO_SOUND_SERVER },
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  webServer: {
    // The web build is the one `npm start` serves, made by scripts/build-web.sh only when a source is newer than it
    // (npm test's set-up has just made it, so it is not built twice).
    command: `rm -rf ${E2E_DATA_DIR} && mkdir -p ${E2E_DATA_DIR} && bash scripts/build-web.sh && npx tsx server/src/main.ts`,
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      RATE_LIMIT_ENABLED: 'false',
      // Two test files at a time may each wait for a job: two job slots, so neither waits behind the other.
      WORKER_CONCURRENCY: '2',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    },
  },
});
