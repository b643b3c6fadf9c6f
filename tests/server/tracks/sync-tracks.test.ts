/**
 * Dub sync through the API (issue 20 items 1, 2), on the real worker and engines with translation by a local
 * chat-completions server (the OpenAI emulator): a jfk.mp4 job dubbed into Spanish -> GET tracks gives every
 * Spanish cue the sync of its dub segment (slot, natural length, speed, borrowed pause, status) and the track's
 * segments per status; GET job gives the shares per status; GET capabilities says Shorten works (`rephrase`), and
 * POST tracks/shorten returns a cue made too long said within its budget, asked of the emulator with that budget.
 * With the local engines only, capabilities say it does not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, JFK_MP4, uploadByPut, type TestUser } from '../jobs/fixtures.ts';
import { startFakeOpenAi } from '../fakes/fake-openai.server.ts';
import type { FakeServer } from '../fakes/fake-http.ts';
import { createEngineRegistry } from '../../../server/src/engines/engine.registry.ts';
import { LOCAL_ENGINES_CONFIG } from '../../../server/src/config/engines.config.ts';
import { REPHRASE_SYSTEM_PROMPT } from '../../../server/src/engines/translation/openai.engine.ts';
import { SYNC_STATUSES, type SegmentSync } from '../../../contract/sync.ts';

async function waitFor<T>(what: string, fn: () => Promise<T | undefined | null | false>, timeoutMs = 400_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('dub sync of a finished job', () => {
  let oa: FakeServer;
  let t: TestApp;
  let alice: TestUser;
  let jobId: string;
  let job: Record<string, any>;

  beforeAll(async () => {
    oa = await startFakeOpenAi();
    t = await startTestApp({ kind: 'pglite', env: { OPENAI_TRANSLATION_BASE_URL: oa.url }, queue: { work: true } });
    alice = await createUser(t, 100);
    const up = await uploadByPut(t, alice, JFK_MP4, 'jfk.mp4', 'video/mp4');
    const sub = await api(t, alice, 'POST', '/v1/jobs/translate', {
      media_url: up.fileUrl,
      source_language: 'en',
      target_languages: ['es'],
      services_to_run: ['subtitle', 'voice_over'],
      voice_over_mode: 'manual',
    });
    expect(sub.status).toBe(201);
    jobId = sub.body.id;
    job = await waitFor('completion', async () => {
      const r = await api(t, alice, 'GET', `/v1/jobs/${jobId}`);
      if (r.body.status === 'failed') throw new Error(`job failed: ${r.body.error}`);
      return r.body.status === 'completed' && r.body;
    });
  }, 500_000);
  afterAll(async () => {
    await t?.close();
    await oa?.close();
  });

  it('gives every dubbed cue its sync status and the job its shares per status', async () => {
    const got = await api(t, alice, 'GET', `/v1/jobs/${jobId}/tracks`);
    expect(got.status).toBe(200);
    const es = got.body.targets.es;
    expect(es.sync).toBeDefined();
    for (const c of es.cues) {
      const s: SegmentSync = es.sync.cues[c.id];
      expect(s, `cue ${c.id}`).toBeDefined();
      expect(SYNC_STATUSES).toContain(s.status);
      expect(s.slot_start).toBeLessThanOrEqual(c.start + 0.001);
      expect(s.slot_end).toBeGreaterThanOrEqual(c.end - 0.001);
      expect(s.natural_length).toBeGreaterThan(0);
      expect(s.speed).toBeGreaterThan(0);
      expect(s.borrowed).toBeGreaterThanOrEqual(0);
    }
    const report = job.dub_segments.es;
    // Nothing changed since the dub: the summary is the dub's counts, nothing to check.
    expect(es.sync.summary).toEqual({ ...report.sync, to_check: 0 });
    const total = SYNC_STATUSES.reduce((n, s) => n + report.sync[s], 0);
    expect(total).toBe(report.segments_total);
    const shares = SYNC_STATUSES.reduce((n, s) => n + report.sync_shares[s], 0);
    expect(shares).toBeCloseTo(1, 2);
    // No overflow is silent: the notes name as many as the report counts.
    const rushed = (job.notes ?? []).find((n: { code: string }) => n.code === 'VOICE_OVER_RUSHED');
    if (report.sync.overflow) expect(rushed.params.segments).toBe(report.sync.overflow);
  });

  it('says Shorten works, and shortens a cue made too long within its budget', async () => {
    const caps = await api(t, alice, 'GET', '/v1/capabilities');
    expect(caps.body.rephrase).toBe(true);
    expect(createEngineRegistry(LOCAL_ENGINES_CONFIG).capabilities().rephrase).toBe(false);

    const got = await api(t, alice, 'GET', `/v1/jobs/${jobId}/tracks`);
    const cues = got.body.targets.es.cues;
    const long = 'Así que, mis queridos compatriotas americanos, no pregunten nunca jamás qué puede hacer por ustedes';
    const put = await api(t, alice, 'PUT', `/v1/jobs/${jobId}/tracks`, {
      revision: got.body.revision,
      targets: { es: { cues: [{ ...cues[0], text: long }, ...cues.slice(1)] } },
    });
    expect(put.status).toBe(200);
    const before = oa.requests.length;
    const r = await api(t, alice, 'POST', `/v1/jobs/${jobId}/tracks/shorten`, { language: 'es', cue_id: cues[0].id });
    expect(r.status).toBe(200);
    expect(r.body.budget).toBeLessThan(long.length);
    expect(r.body.chars).toBeLessThanOrEqual(r.body.budget);
    expect(r.body.text.length).toBeLessThan(long.length);
    const ask = oa.requests
      .slice(before)
      .map((q) => JSON.parse(q.body.toString()))
      .find((b) => b.messages[0].content === REPHRASE_SYSTEM_PROMPT);
    expect(JSON.parse(ask.messages[1].content).items[0]).toMatchObject({
      translation: long,
      max_characters: r.body.budget,
    });

    const bad = await api(t, alice, 'POST', `/v1/jobs/${jobId}/tracks/shorten`, { language: 'es', cue_id: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });
});
