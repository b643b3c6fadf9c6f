/**
 * GET /metrics and GET /readyz as an operator meets them: Prometheus text with the tarjama_* families, figures
 * that follow a real document job through the worker, loopback-only by default and a bearer METRICS_TOKEN for
 * other addresses (the client address taken from X-Forwarded-For with TRUST_PROXY, as behind a proxy).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, SAMPLE_DOCX, uploadByPut } from '../jobs/fixtures.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The value of one sample line `name{labels} value` of a Prometheus text answer. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : undefined;
}

describe('metrics and readiness', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      kind: 'pglite',
      env: { METRICS_TOKEN: TOKEN, TRUST_PROXY: 'true' },
      queue: { work: true, concurrency: 1 },
    });
  });
  afterAll(() => t?.close());

  it('answers Prometheus text whose figures follow a document job', async () => {
    const user = await createUser(t, 100);
    const up = await uploadByPut(t, user, SAMPLE_DOCX, 'test.docx', DOCX);
    const sub = await api(t, user, 'POST', '/v1/documents/translate', {
      media_url: up.fileUrl,
      source_language: 'en',
      target_languages: ['es'],
      services_to_run: ['document'],
    });
    expect(sub.status).toBe(201);
    const end = Date.now() + 120_000;
    for (;;) {
      const j = await api(t, user, 'GET', `/v1/jobs/${sub.body.id}`);
      if (j.body.status === 'completed') break;
      if (j.body.status === 'failed' || Date.now() > end) throw new Error(`job ${j.body.status}`);
      await new Promise((r) => setTimeout(r, 300));
    }

    const res = await fetch(`${t.baseUrl}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain('# TYPE tarjama_jobs gauge');
    expect(sample(text, 'tarjama_jobs{status="completed"}')).toBe(1);
    expect(sample(text, 'tarjama_credits_charged')).toBe(sub.body.credits_used);
    expect(sample(text, 'tarjama_credits_reserved')).toBe(0);
    expect(sample(text, 'tarjama_upload_bytes{status="complete"}')).toBeGreaterThan(0);
    expect(text).toContain('# TYPE tarjama_queue_depth gauge');
    // Nothing waits: every queue and plan still has its sample, 0 (issue 39 item 9), and no job was taken over.
    expect(sample(text, 'tarjama_queue_depth{queue="media.translate",plan="Free"}')).toBe(0);
    expect(sample(text, 'tarjama_queue_depth{queue="document.translate",plan="business"}')).toBe(0);
    expect(sample(text, 'tarjama_stale_job_takeovers_total')).toBe(0);
    expect(
      sample(text, 'tarjama_stage_duration_seconds_count{stage="translating",job_type="document_translation"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(
      /tarjama_http_request_duration_seconds_count\{method="POST",route="\/v1\/documents\/translate"/,
    );
    expect(text).toContain('tarjama_process_resident_memory_bytes');
  }, 180_000);

  it('answers loopback, or another address with the metrics token only', async () => {
    const far = { 'x-forwarded-for': '203.0.113.7' };
    const denied = await fetch(`${t.baseUrl}/metrics`, { headers: far });
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as { code: string }).code).toBe('FORBIDDEN');
    const wrong = await fetch(`${t.baseUrl}/metrics`, { headers: { ...far, authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(403);
    const ok = await fetch(`${t.baseUrl}/metrics`, { headers: { ...far, authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('tarjama_jobs');
  });

  it('answers readiness apart from health', async () => {
    const ready = await fetch(`${t.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    // engine_quota: every configured engine's quota; engine_spend: the capped engines' monthly spend (ok here: the
    // local engines have no quota to run out of and no spend cap). This loopback client also gets each engine's check.
    const body = (await ready.json()) as { engines: { engine: string; stage: string; kind: string }[] };
    expect(body).toEqual({
      status: 'ready',
      database: true,
      queue: true,
      stopping: false,
      engine_quota: 'ok',
      engine_spend: 'ok',
      engines: expect.any(Array) as unknown,
    });
    expect(body.engines.map((e) => `${e.stage}/${e.engine}/${e.kind}`)).toEqual([
      'speech/pocketsphinx/local',
      'translation/apertium/local',
      'voice/flite/local',
      'voice/espeak-ng/local',
      'speakers/classic/local',
    ]);
    expect((await fetch(`${t.baseUrl}/healthz`)).status).toBe(200);
  });
});
