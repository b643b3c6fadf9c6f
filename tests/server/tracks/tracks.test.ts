/**
 * The editor's tracks API as a user meets it, on the real pipeline and engines: a jfk.mp4 job (es, subtitles and
 * voice-over) -> GET tracks -> fix the first Spanish cue -> PUT -> the SRT download carries the fix; the old
 * revision is refused (409 REVISION_CONFLICT); bad cues are refused naming the cue, rule breaks come back as
 * warnings; POST redub voices only the changed segment, the new MP3 lasts as long as the input and the balance
 * moves by the stated re-dub price only; revisions are listed and restored.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, JFK_MP4, uploadByPut, type TestUser } from '../jobs/fixtures.ts';
import { balanceOf } from '../../../server/src/modules/credits/ledger.repository.ts';

async function waitFor<T>(what: string, fn: () => Promise<T | undefined | null | false>, timeoutMs = 400_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

const durationOf = (file: string) =>
  Number(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]).toString(),
  );

async function download(url: string): Promise<Buffer> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe.each(DATABASE_KINDS)('tracks, revisions and re-dub of a finished job on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let jobId: string;

  const completed = (id: string) =>
    waitFor('completion', async () => {
      const r = await api(t, alice, 'GET', `/v1/jobs/${id}`);
      if (r.body.status === 'failed') throw new Error(`job failed: ${r.body.error}`);
      return r.body.status === 'completed' && r.body;
    });

  beforeAll(async () => {
    t = await startTestApp({ kind, queue: { work: true } });
    alice = await createUser(t, 100);
    bob = await createUser(t, 100);
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
    const job = await completed(jobId);
    expect(job.tracks_revision).toBe(1);
  }, 500_000);
  afterAll(() => t?.close());

  it('fixes the first Spanish cue: a new revision, the SRT download carries it at once; the old revision is refused', async () => {
    const got = await api(t, alice, 'GET', `/v1/jobs/${jobId}/tracks`);
    expect(got.status).toBe(200);
    expect(got.body.revision).toBe(1);
    expect(got.body.source.language).toBe('en');
    const es = got.body.targets.es.cues;
    expect(es.length).toBeGreaterThan(1);
    expect((await api(t, bob, 'GET', `/v1/jobs/${jobId}/tracks`)).status).toBe(404);

    const fixed = [{ ...es[0], text: 'Así que, compatriotas' }, ...es.slice(1)];
    const put = await api(t, alice, 'PUT', `/v1/jobs/${jobId}/tracks`, {
      revision: 1,
      targets: { es: { cues: fixed } },
    });
    expect(put.status).toBe(200);
    expect(put.body.revision).toBe(2);
    expect(put.body.targets.es.cues[0]).toMatchObject({ id: es[0].id, text: 'Así que, compatriotas' });

    const job = await api(t, alice, 'GET', `/v1/jobs/${jobId}`);
    expect(job.body.tracks_revision).toBe(2);
    const srt = (await download(job.body.output_files.es.subtitle.srt_url)).toString('utf8');
    expect(srt).toContain('Así que, compatriotas');
    const vtt = (await download(job.body.output_files.es.subtitle.vtt_url)).toString('utf8');
    expect(vtt).toContain('Así que, compatriotas');

    const stale = await api(t, alice, 'PUT', `/v1/jobs/${jobId}/tracks`, {
      revision: 1,
      targets: { es: { cues: es } },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'REVISION_CONFLICT', revision: 2 });
  });

  it('refuses a cue that cannot be rendered, naming it, and returns rule breaks as warnings', async () => {
    const { body } = await api(t, alice, 'GET', `/v1/jobs/${jobId}/tracks`);
    const es = body.targets.es.cues;
    const bad = async (cues: unknown[]) =>
      api(t, alice, 'PUT', `/v1/jobs/${jobId}/tracks`, { revision: body.revision, targets: { es: { cues } } });
    const backwards = await bad([{ ...es[0], end: es[0].start }, ...es.slice(1)]);
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({ code: 'INVALID_CUE', cue_id: es[0].id, problem: 'end_before_start' });
    const overlap = await bad([es[0], { ...es[1], start: es[0].end - 0.2 }, ...es.slice(2)]);
    expect(overlap.body).toMatchObject({ code: 'INVALID_CUE', cue_id: es[1].id, problem: 'overlap' });
    const negative = await bad([{ ...es[0], start: -1 }, ...es.slice(1)]);
    expect(negative.body).toMatchObject({ code: 'INVALID_CUE', cue_id: es[0].id, problem: 'negative_time' });
    const empty = await bad([{ ...es[0], text: '  ' }, ...es.slice(1)]);
    expect(empty.body).toMatchObject({ code: 'INVALID_CUE', cue_id: es[0].id, problem: 'empty_text' });

    // A 60-character line breaks the 42-character rule: saved, with a warning on that cue.
    const long = 'x'.repeat(60);
    const src = body.source.cues;
    const saved = await api(t, alice, 'PUT', `/v1/jobs/${jobId}/tracks`, {
      revision: body.revision,
      source: { cues: [{ ...src[0], text: long }, ...src.slice(1)] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.warnings.source[src[0].id].map((w: { rule: string }) => w.rule)).toContain('line_length');
    // Put the source back as it was (restore) so the re-dub below sees only the Spanish fix.
    const restored = await api(t, alice, 'POST', `/v1/jobs/${jobId}/revisions/${body.revision}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.source.cues[0].text).toBe(src[0].text);
    const revisions = await api(t, alice, 'GET', `/v1/jobs/${jobId}/revisions`);
    expect(revisions.body.revisions.map((r: { origin: string }) => r.origin)).toEqual([
      'restore',
      'edit',
      'edit',
      'pipeline',
    ]);
  });

  it('re-dubs only the changed segment, for the stated price, into an MP3 of the input length', async () => {
    const est = await api(t, alice, 'POST', `/v1/jobs/${jobId}/redub/estimate`, { languages: ['es'] });
    expect(est.status).toBe(200);
    expect(est.body.languages.es.segments_changed).toBe(1);
    expect(est.body.languages.es.segments_total).toBeGreaterThan(1);
    expect(est.body.credits).toBeGreaterThan(0);
    const before = await balanceOf(t.ctx.db, alice.id);
    expect(est.body.balance).toBe(before);

    const started = await api(t, alice, 'POST', `/v1/jobs/${jobId}/redub`, { languages: ['es'] });
    expect(started.status).toBe(202);
    expect(['queued', 'processing']).toContain(started.body.status);
    expect(await balanceOf(t.ctx.db, alice.id)).toBe(before - est.body.credits);
    const busy = await api(t, alice, 'PUT', `/v1/jobs/${jobId}/tracks`, { revision: 4 });
    expect(busy.status).toBe(409);

    const done = await completed(jobId);
    expect(done.error).toBeNull();
    expect(done.dub_segments.es.segments_synthesized).toBe(1);
    expect(done.dub_segments.es.segments_total).toBeGreaterThan(1);
    expect(await balanceOf(t.ctx.db, alice.id)).toBe(before - est.body.credits);

    const mp3 = await download(done.output_files.es.voice_over.voice_over_url);
    const file = `${t.dataDir}/redub-check.mp3`;
    (await import('node:fs')).writeFileSync(file, mp3);
    expect(Math.abs(durationOf(file) - durationOf(JFK_MP4))).toBeLessThan(0.1);

    // Nothing changed since: nothing to re-dub, nothing charged.
    const again = await api(t, alice, 'POST', `/v1/jobs/${jobId}/redub`, { languages: ['es'] });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('NOTHING_TO_REDUB');
    expect(await balanceOf(t.ctx.db, alice.id)).toBe(before - est.body.credits);
  });

  it('translates a fixed source sentence again into Spanish, as a new revision, and re-renders the SRT', async () => {
    const { body } = await api(t, alice, 'GET', `/v1/jobs/${jobId}/tracks`);
    const src = body.source.cues;
    const fixed = await api(t, alice, 'PUT', `/v1/jobs/${jobId}/tracks`, {
      revision: body.revision,
      source: { cues: [{ ...src[0], text: 'The bank is open on Monday.' }, ...src.slice(1)] },
    });
    expect(fixed.status).toBe(200);
    const again = await api(t, alice, 'POST', `/v1/jobs/${jobId}/translate-again`, {
      languages: ['es'],
      cue_ids: [src[0].id],
    });
    expect(again.status).toBe(200);
    expect(again.body.revision).toBe(fixed.body.revision + 1);
    const esText = again.body.targets.es.cues.map((c: { text: string }) => c.text).join(' ');
    expect(esText).toMatch(/lunes/);
    const job = await api(t, alice, 'GET', `/v1/jobs/${jobId}`);
    const srt = (await download(job.body.output_files.es.subtitle.srt_url)).toString('utf8');
    expect(srt).toMatch(/lunes/);
    const revisions = await api(t, alice, 'GET', `/v1/jobs/${jobId}/revisions`);
    expect(revisions.body.revisions[0]).toMatchObject({ revision: again.body.revision, origin: 'translate_again' });
  });
});
