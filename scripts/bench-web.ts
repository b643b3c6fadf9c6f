/**
 * Web budgets (issue 6): JavaScript the landing page loads, gzipped (target <= 170 KB), and Lighthouse-style
 * timings read from Chromium's performance API for the landing page and the studio on localhost (LCP < 1.0 s).
 * Builds the web app for production (skip with BENCH_BUILD=0 when ./dist is current), starts the real server on a
 * free port with a temporary data folder, and prints one JSON line. Run: npm run bench:web (BENCH_RUNS=3).
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { createVerifiedUser, startApp } from './lib/app-server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface Timings {
  ttfb_ms: number;
  fcp_ms: number;
  lcp_ms: number;
  dcl_ms: number;
  load_ms: number;
}

/** Loads `url` in a fresh page (no service worker, empty cache) and reads the navigation and paint entries. */
async function measure(page: Page, url: string, ready: string): Promise<Timings> {
  // Strings, not functions: tsx would wrap named helpers in __name(), which does not exist in the page.
  await page.addInitScript(`
    window.__lcp = 0;
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lcp = e.startTime; })
      .observe({ type: 'largest-contentful-paint', buffered: true });
  `);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector(ready);
  await page.waitForTimeout(500);
  return page.evaluate<Timings>(`(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return {
      ttfb_ms: Math.round(nav.responseStart),
      fcp_ms: Math.round(fcp ? fcp.startTime : 0),
      lcp_ms: Math.round(window.__lcp),
      dcl_ms: Math.round(nav.domContentLoadedEventEnd),
      load_ms: Math.round(nav.loadEventEnd),
    };
  })()`);
}

const median = (values: number[]) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)];
function medianTimings(all: Timings[]): Timings {
  const keys = Object.keys(all[0]) as Array<keyof Timings>;
  return Object.fromEntries(keys.map((k) => [k, median(all.map((t) => t[k]))])) as unknown as Timings;
}

async function main(): Promise<void> {
  if (!fs.existsSync('dist/index.html') || process.env.BENCH_BUILD !== '0') {
    execSync('npm run build:web', { stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } });
  }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const app = await startApp('.').catch(async (error: unknown) => {
    await browser.close();
    throw error;
  });
  const base = app.base;
  try {
    // JavaScript of the landing page, gzipped as a server would send it (level 9).
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const scripts = new Map<string, Buffer>();
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script' || response.url().endsWith('.js')) {
        try {
          scripts.set(response.url(), await response.body());
        } catch {
          // redirects have no body
        }
      }
    });
    await page.goto(base, { waitUntil: 'networkidle' });
    const raw = [...scripts.values()].reduce((n, b) => n + b.length, 0);
    const gzip = [...scripts.values()].reduce((n, b) => n + zlib.gzipSync(b, { level: 9 }).length, 0);
    await context.close();

    // A verified account for the studio.
    const login = await createVerifiedUser(app, `bench-${Date.now()}@example.com`, 'Bench2026!pass');

    const landing: Timings[] = [];
    const studio: Timings[] = [];
    for (let i = 0; i < RUNS; i++) {
      const c1 = await browser.newContext({ serviceWorkers: 'block' });
      landing.push(await measure(await c1.newPage(), base + '/', 'h1'));
      await c1.close();
      const c2 = await browser.newContext({ serviceWorkers: 'block' });
      await c2.addInitScript(`localStorage.setItem('access_token', ${JSON.stringify(login.access_token)});
        localStorage.setItem('user', ${JSON.stringify(JSON.stringify(login.user))});`);
      studio.push(await measure(await c2.newPage(), base + '/studio', '.studio h1'));
      await c2.close();
    }
    const l = medianTimings(landing);
    const s = medianTimings(studio);
    const result = {
      bench: 'web',
      runs: RUNS,
      landing_js_files: scripts.size,
      landing_js_raw_kb: +(raw / 1024).toFixed(1),
      landing_js_gzip_kb: +(gzip / 1024).toFixed(1),
      landing,
      studio,
      landing_median: l,
      studio_median: s,
      budgets: {
        landing_js_gzip_kb_max: 170,
        lcp_ms_max: 1000,
        js_ok: gzip / 1024 <= 170,
        landing_lcp_ok: l.lcp_ms < 1000,
        studio_lcp_ok: s.lcp_ms < 1000,
      },
    };
    console.log(JSON.stringify(result));
  } finally {
    await browser.close();
    await app.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
