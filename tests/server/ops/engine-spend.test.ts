/**
 * Engine usage and spend caps (issue 26 item 6, issue 21 item 5), on PGlite and PostgreSQL, against the local DeepL
 * and LibreTranslate servers answering as those APIs document (every job has the user's own English words of the JFK
 * clip as its source: what is counted is translation, so no speech recogniser needs to run):
 * - a real subtitle job into German: the month's DeepL usage in the database is the characters DeepL itself counted,
 *   priced at DEEPL_USD_PER_MILLION_CHARS; GET /metrics has the per-engine families;
 * - with DEEPL_MONTHLY_SPEND_CAP_USD reached by that job, /readyz says `engine_spend: "reached"` (operators: the
 *   spend and the cap), /healthz is 503, and the next job is translated by LibreTranslate without a DeepL request;
 * - with no second engine, a job fails with ENGINE_SPEND_CAP_REACHED (a text that does not blame the user) and its
 *   credits are given back; the spend that reached the cap was written by another process (the shared table).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { startFakeDeepL } from '../fakes/fake-deepl.server.ts';
import { startFakeLibreTranslate } from '../fakes/fake-libretranslate.server.ts';
import type { FakeServer } from '../fakes/fake-http.ts';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, JFK_MP4, uploadByPut, type TestUser } from '../jobs/fixtures.ts';
import { JFK_SPOKEN_SRT } from '../helpers/testdata.ts';
import { JobResponse } from '../../../contract/jobs.ts';
import { balanceOf } from '../../../server/src/modules/credits/ledger.repository.ts';
import { databaseUsageStore } from '../../../server/src/modules/metrics/engine-usage.repository.ts';
import { utcMonth } from '../../../server/src/engines/engine-usage.ts';

const KEY = 'k-spend:fx';
type DeepL = Awaited<ReturnType<typeof startFakeDeepL>>;
const translateCalls = (d: DeepL) => d.requests.filter((r) => r.path === '/v2/translate').length;
const libreCalls = (s: FakeServer) => s.requests.filter((r) => r.path === '/translate').length;

const metricsText = async (t: TestApp) => (await fetch(`${t.baseUrl}/metrics`)).text();
/** The value of the sample `series` (name and labels as printed) in a /metrics text; 0 when absent. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** A folder of this file's own holding jfk.srt (removed after). */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'engine-spend-'));
  await writeFile(path.join(dir, 'jfk.srt'), JFK_SPOKEN_SRT);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Submits a German subtitle job on the JFK clip with its words as an SRT and waits until it ends. */
async function runJob(t: TestApp, user: TestUser): Promise<v.InferOutput<typeof JobResponse>> {
  const url = (await uploadByPut(t, user, JFK_MP4, 'jfk.mp4', 'video/mp4')).fileUrl;
  const srt = await uploadByPut(t, user, path.join(dir, 'jfk.srt'), 'jfk.srt', 'application/x-subrip');
  expect(srt.status).toBe(200);
  const sub = await api(t, user, 'POST', '/v1/jobs/translate', {
    media_url: url,
    source_subtitles_url: srt.fileUrl,
    source_language: 'en',
    target_languages: ['de'],
    services_to_run: ['subtitle'],
  });
  expect(sub.status).toBe(201);
  const end = Date.now() + 180_000;
  let job = v.parse(JobResponse, sub.body);
  while (job.status !== 'failed' && job.status !== 'completed') {
    if (Date.now() > end) throw new Error(`job still ${job.status}`);
    await new Promise((r) => setTimeout(r, 300));
    job = v.parse(JobResponse, (await api(t, user, 'GET', `/v1/jobs/${sub.body.id}`)).body);
  }
  return job;
}

describe.each(DATABASE_KINDS)('engine usage and a spend cap with a second engine, on %s', (kind) => {
  let t: TestApp;
  let deepl: DeepL;
  let lt: FakeServer;
  beforeAll(async () => {
    deepl = await startFakeDeepL({ apiKey: KEY, characterLimit: 500_000 });
    lt = await startFakeLibreTranslate();
    t = await startTestApp({
      kind,
      env: {
        DEEPL_API_KEY: KEY,
        DEEPL_API_URL: deepl.url,
        LIBRETRANSLATE_URL: lt.url,
        // One JFK subtitle job (about 110 characters at 25 USD per 1M) spends more than this.
        DEEPL_MONTHLY_SPEND_CAP_USD: '0.001',
      },
      queue: { work: true },
    });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([deepl?.close(), lt?.close()]);
  });

  it('counts the characters DeepL translated, prices them, and shows the per-engine families on /metrics', async () => {
    const ready = await (await fetch(`${t.baseUrl}/readyz`)).json();
    expect(ready).toMatchObject({
      engine_spend: 'ok',
      engine_spends: [{ engine: 'deepl', spent_usd: 0, cap_usd: 0.001, reached: false }],
    });
    const before = await metricsText(t);
    const alice = await createUser(t, 100);
    const job = await runJob(t, alice);
    expect(job.status).toBe('completed');
    expect(translateCalls(deepl)).toBeGreaterThan(0);
    expect(libreCalls(lt)).toBe(0);
    const chars = deepl.charactersUsed();
    expect(chars).toBeGreaterThan(50);

    const rows = await databaseUsageStore(t.ctx.db).month(utcMonth(new Date()));
    expect(rows).toEqual([
      {
        month: utcMonth(new Date()),
        engine: 'deepl',
        stage: 'translation',
        unit: 'characters',
        units: chars,
        costUsd: expect.closeTo((chars * 25) / 1e6, 9),
      },
    ]);
    console.log(`DeepL: ${chars} characters, ${rows[0].costUsd.toFixed(6)} USD estimated (${kind})`);

    // This process's counters (they also hold the other database's run: compared before and after the job).
    const after = await metricsText(t);
    const labels = 'engine="deepl",stage="translation"';
    const delta = (name: string) => valueOf(after, name) - valueOf(before, name);
    expect(delta(`tarjama_engine_requests_total{${labels}}`)).toBe(translateCalls(deepl));
    expect(delta(`tarjama_engine_request_duration_seconds_count{${labels}}`)).toBe(translateCalls(deepl));
    expect(delta(`tarjama_engine_units_total{${labels},unit="characters"}`)).toBe(chars);
    expect(delta(`tarjama_engine_cost_usd_total{${labels}}`)).toBeCloseTo((chars * 25) / 1e6, 9);
    expect(after).toMatch(/# TYPE tarjama_engine_errors_total counter/);
    // The month of every process, from the database.
    expect(valueOf(after, `tarjama_engine_month_units{${labels},unit="characters"}`)).toBe(chars);
    expect(valueOf(after, `tarjama_engine_month_cost_usd{${labels}}`)).toBeCloseTo((chars * 25) / 1e6, 9);
    expect(valueOf(after, 'tarjama_engine_spend_cap_usd{engine="deepl"}')).toBe(0.001);
  });

  it('once the cap is reached: /readyz and /healthz say so, and the next job is translated by LibreTranslate', async () => {
    const ready = await fetch(`${t.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    const body = (await ready.json()) as { engine_spend: string; engine_spends: { spent_usd: number }[] };
    expect(body).toMatchObject({ engine_spend: 'reached', engine_spends: [{ engine: 'deepl', reached: true }] });
    expect(body.engine_spends[0].spent_usd).toBeGreaterThanOrEqual(0.001);
    const health = await fetch(`${t.baseUrl}/healthz`);
    expect(health.status).toBe(503);
    const engines = ((await health.json()) as { engines: { spend_cap_reached: string[]; translation: string[] } })
      .engines;
    expect(engines.spend_cap_reached).toEqual(['deepl']);
    expect(engines.translation).not.toContain('deepl');

    const deeplBefore = translateCalls(deepl);
    const bob = await createUser(t, 100);
    const job = await runJob(t, bob);
    expect(job.status).toBe('completed');
    expect(translateCalls(deepl)).toBe(deeplBefore);
    expect(libreCalls(lt)).toBeGreaterThan(0);
    const refusals = 'tarjama_engine_spend_cap_refusals_total{engine="deepl",stage="translation"}';
    expect(valueOf(await metricsText(t), refusals)).toBeGreaterThan(0);
  });
});

describe.each(DATABASE_KINDS)('a spend cap reached with no second engine, on %s', (kind) => {
  let t: TestApp;
  let deepl: DeepL;
  beforeAll(async () => {
    deepl = await startFakeDeepL({ apiKey: KEY, characterLimit: 500_000 });
    t = await startTestApp({
      kind,
      env: { DEEPL_API_KEY: KEY, DEEPL_API_URL: deepl.url, DEEPL_MONTHLY_SPEND_CAP_USD: '5' },
      queue: { work: true },
    });
  });
  afterAll(async () => {
    await t?.close();
    await deepl?.close();
  });

  it('fails the job with ENGINE_SPEND_CAP_REACHED, sends DeepL nothing and gives the credits back', async () => {
    // Another process (a worker elsewhere) spent the month's 5 USD: 200,000 characters at 25 USD per 1M.
    await databaseUsageStore(t.ctx.db).add({
      month: utcMonth(new Date()),
      engine: 'deepl',
      stage: 'translation',
      unit: 'characters',
      units: 200_000,
      costUsd: 5,
    });
    const alice = await createUser(t, 100);
    const job = await runJob(t, alice);
    expect(job.status).toBe('failed');
    expect(job.error_code).toBe('ENGINE_SPEND_CAP_REACHED');
    expect(job.error).toMatch(/temporarily limited/);
    expect(job.error).not.toMatch(/USD|cap|you /i);
    expect(translateCalls(deepl)).toBe(0);
    expect(await balanceOf(t.ctx.db, alice.id)).toBe(100);
  });
});
