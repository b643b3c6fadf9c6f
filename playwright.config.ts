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
  fullyParallel: false,
  workers: 1,
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
    // The build runs with NODE_ENV=production: under NODE_ENV=test Vite would make a development build (no service worker).
    // Its TMPDIR is a folder of the test data, removed after it: workbox-build leaves its service-worker folder there.
    command:
      `rm -rf ${E2E_DATA_DIR} && mkdir -p ${E2E_DATA_DIR}/build-tmp && ` +
      `TMPDIR=$PWD/${E2E_DATA_DIR}/build-tmp NODE_ENV=production npm run build:web && rm -rf ${E2E_DATA_DIR}/build-tmp && ` +
      `npx tsx server/src/main.ts`,
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
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    },
  },
});
