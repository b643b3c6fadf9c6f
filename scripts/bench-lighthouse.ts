/**
 * Lighthouse scores (issue 15): performance, accessibility, best practices and SEO (0-100) with LCP, CLS and TBT for
 * the landing page, pricing, sign-in and the signed-in studio, in English and Arabic, with Lighthouse's mobile and
 * desktop presets (simulated throttling, one run each, retried once when Lighthouse records no trace). Builds the web app when stale, starts the real server on a
 * free port with a temporary data folder, audits in Debian's Chromium (a fresh profile per audit, under the same
 * temporary folder, removed at the end) and prints a Markdown table.
 *
 * The interface language and the session are what the app keeps in localStorage (`tarjama.language`, and
 * `access_token` / `user` for the studio); they are written on the app's origin before each audit, and Lighthouse's
 * storage reset is off so it keeps them (the profile is new, so the cache is empty all the same).
 *
 * Run: npm run bench:lighthouse [-- --checkout <dir>] [--pages /,/pricing] [--locales en,ar] [--forms mobile,desktop]
 * [--save <dir>] (`--save` keeps each full Lighthouse result as JSON, to see which elements shift or block).
 * `--checkout` audits another checkout of the app (built and started from that folder with its own node_modules),
 * e.g. an older commit in a `git worktree`, to get "before" figures; Lighthouse itself runs from this checkout.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { chromium } from 'playwright-core';
import { buildWebIfStale, createVerifiedUser, startApp, type RunningApp } from './lib/app-server.ts';

const CHROMIUM = '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** Pages that need a signed-in user. */
const SIGNED_IN = new Set(['/studio']);

const { values: args } = parseArgs({
  options: {
    checkout: { type: 'string', default: '.' },
    pages: { type: 'string', default: '/,/pricing,/auth,/studio' },
    locales: { type: 'string', default: 'en,ar' },
    forms: { type: 'string', default: 'mobile,desktop' },
    save: { type: 'string' },
  },
});
const list = (s: string) => s.split(',').filter(Boolean);

interface Row {
  page: string;
  locale: string;
  form: string;
  scores: Record<string, number | null>;
  lcp_ms: number | null;
  cls: number | null;
  tbt_ms: number | null;
  error?: string;
}

/** Writes `items` into the localStorage of `base`'s origin through the DevTools protocol (no app page is loaded). */
async function seedStorage(port: number, base: string, items: Record<string, string>): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${base}/healthz`);
    await page.evaluate(`(() => { const items = ${JSON.stringify(items)};
      for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); })()`);
    await page.close();
  } finally {
    await browser.close();
  }
}

async function audit(app: RunningApp, page: string, locale: string, form: string, storage: Record<string, string>) {
  const profile = fs.mkdtempSync(path.join(app.root, 'chromium-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox'],
    userDataDir: profile,
    // Chromium's own files (NSS database, crash reports, temporary files) stay in the profile folder too.
    envVars: { ...process.env, HOME: profile, TMPDIR: profile, XDG_CONFIG_HOME: profile, XDG_CACHE_HOME: profile },
  });
  const row: Row = { page, locale, form, scores: {}, lcp_ms: null, cls: null, tbt_ms: null };
  try {
    await seedStorage(chrome.port, app.base, { 'tarjama.language': locale, ...storage });
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      throttlingMethod: 'simulate',
      disableStorageReset: true,
    };
    const result = await lighthouse(app.base + page, flags, form === 'desktop' ? desktopConfig : undefined);
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    if (args.save) {
      fs.mkdirSync(args.save, { recursive: true });
      const name = `${page.replace(/\W+/g, '_') || 'root'}-${locale}-${form}.json`;
      fs.writeFileSync(path.join(args.save, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) row.error = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
    // A signed-out studio redirects to the sign-in page: that would be a different page's figures.
    const ended = new URL(lhr.finalDisplayedUrl).pathname;
    if (ended !== page) row.error = `ended on ${ended} instead of ${page}`;
    for (const c of CATEGORIES) {
      const score = lhr.categories[c]?.score;
      row.scores[c] = typeof score === 'number' ? Math.round(score * 100) : null;
    }
    const num = (id: string) => lhr.audits[id]?.numericValue ?? null;
    row.lcp_ms = num('largest-contentful-paint');
    row.cls = num('cumulative-layout-shift');
    row.tbt_ms = num('total-blocking-time');
  } catch (error) {
    row.error = error instanceof Error ? error.message : String(error);
  } finally {
    chrome.kill();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  return row;
}

/**
 * Lighthouse 12 removed the PWA category; this checks what made an app installable: a linked manifest with a name,
 * start_url, a standalone-like display and 192 px and 512 px icons, and a service worker script served as JavaScript.
 */
async function installability(base: string): Promise<string> {
  const html = await (await fetch(base + '/')).text();
  const href = html.match(/<link[^>]*rel=["']manifest["'][^>]*>/i)?.[0].match(/href=["']([^"']+)["']/i)?.[1];
  const problems: string[] = [];
  if (!href) problems.push('no <link rel="manifest">');
  else {
    const res = await fetch(new URL(href, base + '/'));
    const m = (res.ok ? await res.json().catch(() => null) : null) as {
      name?: string;
      short_name?: string;
      start_url?: string;
      display?: string;
      icons?: { sizes?: string }[];
    } | null;
    if (!m) problems.push(`manifest ${href} unreadable`);
    else {
      if (!m.name && !m.short_name) problems.push('manifest has no name');
      if (!m.start_url) problems.push('manifest has no start_url');
      if (!['standalone', 'fullscreen', 'minimal-ui'].includes(m.display ?? ''))
        problems.push('display not standalone');
      const sizes = (m.icons ?? []).flatMap((i) => (i.sizes ?? '').split(' '));
      for (const s of ['192x192', '512x512']) if (!sizes.includes(s)) problems.push(`no ${s} icon`);
    }
  }
  const sw = await fetch(base + '/sw.js');
  if (!sw.ok || !/javascript/.test(sw.headers.get('content-type') ?? '')) problems.push('no /sw.js service worker');
  return problems.length ? `not installable: ${problems.join(', ')}` : 'manifest and /sw.js service worker present';
}

function table(rows: Row[]): string {
  const head = ['page', 'locale', 'form', 'perf', 'a11y', 'best-pr.', 'seo', 'LCP ms', 'CLS', 'TBT ms'];
  const fmt = (n: number | null, digits = 0) => (n === null ? '-' : n.toFixed(digits));
  const lines = rows.map((r) =>
    [
      r.page,
      r.locale,
      r.form,
      ...CATEGORIES.map((c) => fmt(r.scores[c] ?? null)),
      fmt(r.lcp_ms),
      fmt(r.cls, 3),
      fmt(r.tbt_ms),
    ].join(' | '),
  );
  return [head.join(' | '), head.map(() => '---').join(' | '), ...lines].map((l) => `| ${l} |`).join('\n');
}

async function main(): Promise<void> {
  const root = path.resolve(args.checkout);
  if (buildWebIfStale(root)) console.error(`built the web app in ${root}`);
  const app = await startApp(root, 'tarjama-lighthouse-');
  try {
    const pages = list(args.pages);
    const session = pages.some((p) => SIGNED_IN.has(p))
      ? await createVerifiedUser(app, `lighthouse-${Date.now()}@example.com`, 'Bench2026!pass')
      : null;
    const rows: Row[] = [];
    for (const page of pages) {
      const storage =
        SIGNED_IN.has(page) && session
          ? { access_token: session.access_token, user: JSON.stringify(session.user) }
          : ({} as Record<string, string>);
      for (const locale of list(args.locales)) {
        for (const form of list(args.forms)) {
          let row = await audit(app, page, locale, form, storage);
          // A trace Lighthouse could not record (e.g. NO_NAVSTART on a busy machine) has no figures: one retry.
          if (row.scores.performance === null) row = await audit(app, page, locale, form, storage);
          console.error(`${page} ${locale} ${form}: ${row.error ?? JSON.stringify(row.scores)}`);
          rows.push(row);
        }
      }
    }
    const lhVersion = (
      JSON.parse(fs.readFileSync(new URL('../node_modules/lighthouse/package.json', import.meta.url), 'utf8')) as {
        version: string;
      }
    ).version;
    console.log(`Lighthouse ${lhVersion}, ${CHROMIUM}, simulated throttling, one run each; checkout ${root}\n`);
    console.log(table(rows));
    for (const r of rows.filter((x) => x.error)) console.log(`\n${r.page} ${r.locale} ${r.form}: ${r.error}`);
    console.log(
      `\nPWA: Lighthouse ${lhVersion} has no PWA category (removed in Lighthouse 12). Installability checked`,
    );
    console.log(`directly: ${await installability(app.base)}.`);
  } finally {
    await app.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
