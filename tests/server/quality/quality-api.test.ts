/**
 * Issue 37: GET /v1/jobs/{id}/quality and its CSV as a reviewer meets them, on the real pipeline and engines: a
 * finished jfk.mp4 job (English subtitles of the user's own -> Spanish, subtitles and voice-over); the user leaves
 * the first Spanish line in English (PUT tracks) and the check of the new revision points at that cue, in the JSON
 * report and in the CSV of Subtitle Edit's Netflix quality report; another user gets 404 for both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { QualityReport } from '../../../contract/quality.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, type TestUser } from '../jobs/fixtures.ts';
import { finishedDubJob } from '../tracks/redub-helpers.ts';

describe('the quality check of a job (issue 37)', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let jobId: string;

  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite', queue: { work: true } });
    alice = await createUser(t, 1000);
    bob = await createUser(t, 1000);
    jobId = await finishedDubJob(t, alice);
  }, 300_000);
  afterAll(() => t?.close());

  it('a line left in English is found on its cue, in the report of the new revision and in the CSV', async () => {
    const before = await api(t, alice, 'GET', `/v1/jobs/${jobId}/quality`);
    expect(before.status).toBe(200);
    const first = v.parse(QualityReport, before.body);
    expect(first.revision).toBe(1);
    expect(first.findings.filter((f) => f.code === 'UNTRANSLATED')).toEqual([]);
    // The job carries the first run's count, as the job list shows it.
    expect((await api(t, alice, 'GET', `/v1/jobs/${jobId}`)).body.to_review).toBe(first.summary.to_review);

    const { body: tracks } = await api(t, alice, 'GET', `/v1/jobs/${jobId}/tracks`);
    const es = tracks.targets.es.cues;
    const target = es[0];
    const said = tracks.source.cues.find((s: any) => s.start < target.end && target.start < s.end);
    expect(said, 'a source cue said in the first Spanish cue').toBeTruthy();
    const put = await api(t, alice, 'PUT', `/v1/jobs/${jobId}/tracks`, {
      revision: tracks.revision,
      targets: { es: { cues: [{ ...target, text: said.text }, ...es.slice(1)] } },
    });
    expect(put.status).toBe(200);

    const after = await api(t, alice, 'GET', `/v1/jobs/${jobId}/quality`);
    expect(after.status).toBe(200);
    const report = v.parse(QualityReport, after.body);
    expect(report.revision).toBe(2);
    const found = report.findings.filter((f) => f.code === 'UNTRANSLATED');
    expect(found).toEqual([
      expect.objectContaining({ track: 'es', cue_id: target.id, severity: 'error', start: target.start }),
    ]);
    expect(report.summary.by_code.UNTRANSLATED).toBe(1);
    expect(report.summary.to_review).toBeGreaterThanOrEqual(1);
    // Recounted with the save: the job list's "N to review" follows the edit.
    expect((await api(t, alice, 'GET', `/v1/jobs/${jobId}`)).body.to_review).toBe(report.summary.to_review);
    expect(report.summary.to_review).toBeGreaterThan(first.summary.to_review);

    const res = await fetch(`${t.baseUrl}/v1/jobs/${jobId}/quality.csv`, { headers: alice.auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('LineNumber,TimeCode,Context,Comment');
    expect(lines).toHaveLength(report.findings.length + 1);
    const row = lines.find((l) => l.includes('UNTRANSLATED'));
    expect(row).toMatch(/^1,00:00:\d\d,\d{3},"\[es\] same text as the source","UNTRANSLATED \(error\)\. /);
  });

  it('another user gets 404 for the report and the CSV', async () => {
    expect((await api(t, bob, 'GET', `/v1/jobs/${jobId}/quality`)).status).toBe(404);
    const csv = await fetch(`${t.baseUrl}/v1/jobs/${jobId}/quality.csv`, { headers: bob.auth });
    expect(csv.status).toBe(404);
    expect(((await csv.json()) as { code: string }).code).toBe('JOB_NOT_FOUND');
    expect((await api(t, null, 'GET', `/v1/jobs/${jobId}/quality`)).status).toBe(401);
  });
});
