/**
 * Issue 36: the sync GET/PUT tracks give a line changed since the last dub. On the real pipeline and engines
 * (PGlite): a finished jfk.mp4 job dubbed into Spanish; its first Spanish line made 66 characters long in a 1.0 s
 * slot is answered, right after the save and without a re-dub, as `estimated` (to be checked) and too fast from
 * the dub's measured speaking rate, the summary recounted with `to_check`; the other lines keep their measured
 * sync, and putting the line back gives its measured sync again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, type TestUser } from '../jobs/fixtures.ts';
import { finishedDubJob } from './redub-helpers.ts';
import { SYNC_STATUSES, type SegmentSync, type TrackSync } from '../../../contract/sync.ts';

/** 66 characters, one sentence (its own dub segment). */
const LONG = 'Y por eso, queridos compatriotas, les pido ya mucho más que nunca.';

describe('the sync of a line changed since the dub', () => {
  let t: TestApp;
  let alice: TestUser;
  let jobId: string;

  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite', queue: { work: true } });
    alice = await createUser(t, 1000);
    jobId = await finishedDubJob(t, alice);
  }, 300_000);
  afterAll(() => t?.close());

  it('is estimated from the text at once after a save, and measured again once the line is put back', async () => {
    expect([...LONG].length).toBe(66);
    const got = await api(t, alice, 'GET', `/v1/jobs/${jobId}/tracks`);
    const cues = got.body.targets.es.cues;
    const before: TrackSync = got.body.targets.es.sync;
    expect(before.chars_per_second).toBeGreaterThan(0);
    expect(before.summary.to_check).toBe(0);
    expect(Object.values(before.cues).some((s) => s.estimated)).toBe(false);

    const first = cues[0];
    const edited = { ...first, text: LONG, end: Math.round((first.start + 1) * 1000) / 1000 };
    expect(edited.end).toBeLessThanOrEqual(first.end);
    const put = await api(t, alice, 'PUT', `/v1/jobs/${jobId}/tracks`, {
      revision: got.body.revision,
      targets: { es: { cues: [edited, ...cues.slice(1)] } },
    });
    expect(put.status).toBe(200);

    for (const answer of [put.body, (await api(t, alice, 'GET', `/v1/jobs/${jobId}/tracks`)).body]) {
      const sync: TrackSync = answer.targets.es.sync;
      const s: SegmentSync = sync.cues[first.id];
      expect(s.estimated).toBe(true);
      expect(['fast', 'overflow']).toContain(s.status);
      expect(s.chars).toBe(66);
      expect(s.slot_end - s.slot_start).toBeCloseTo(1, 3);
      // 66 characters at the measured rate against one second.
      expect(s.speed).toBeCloseTo(66 / sync.chars_per_second! / 1, 2);
      expect(s.shorter_by).toBeGreaterThan(0);
      // Lines of segments the edit did not touch keep what the dub measured.
      const kept = cues.slice(1).filter((c: { id: string }) => !sync.cues[c.id].estimated);
      expect(kept.length).toBeGreaterThan(0);
      for (const c of kept) expect(sync.cues[c.id]).toEqual(before.cues[c.id]);
      // The summary counts the segments now: the estimated ones in their status and as to check.
      const segments = new Set(Object.values(sync.cues));
      const total = SYNC_STATUSES.reduce((n, st) => n + sync.summary[st], 0);
      expect(total).toBe(segments.size);
      expect(sync.summary.to_check).toBe([...segments].filter((x) => x.estimated).length);
      expect(sync.summary.to_check).toBeGreaterThanOrEqual(1);
      expect(sync.summary[s.status]).toBeGreaterThanOrEqual(1);
    }

    const back = await api(t, alice, 'PUT', `/v1/jobs/${jobId}/tracks`, {
      revision: put.body.revision,
      targets: { es: { cues } },
    });
    expect(back.status).toBe(200);
    expect(back.body.targets.es.sync).toEqual(before);
  }, 120_000);
});
