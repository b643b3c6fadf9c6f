/**
 * Every output is the latest edit (issue 36 item 1), on the real pipeline and engines: a jfk.mp4 job into Spanish
 * with subtitles, subtitles burnt into the video and a voice-over. After a cue is edited and saved, the SRT and VTT
 * carry the edit at once; the video with subtitles is stale (left out of output_files, listed in `outputs` with the
 * revision it renders) until the worker's render run has burnt the edit in, after which the frame at the cue's time
 * differs from before; the dub is stale until the re-dub, which renders it with the new revision. A restore brings
 * back the first text, and the outputs whose inputs are those of revision 1 become current again.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, JFK_EN_SRT, JFK_MP4, uploadByPut, type TestUser } from '../jobs/fixtures.ts';
import { completed, waitFor } from '../tracks/redub-helpers.ts';

const text = async (url: string) => {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return res.text();
};

/** Saves the file at `url` as `file`; its bytes. */
async function save(url: string, file: string): Promise<Buffer> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  fs.writeFileSync(file, bytes);
  return bytes;
}

/** MD5 of the decoded picture of `file` at `seconds` (one frame, raw RGB). */
const frameMd5 = (file: string, seconds: number) =>
  execFileSync('ffmpeg', ['-v', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1', '-f', 'md5', '-'])
    .toString()
    .trim();

const durationOf = (file: string) =>
  Number(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]).toString(),
  );

const outputOf = (job: any, kind: string) => job.outputs.find((o: any) => o.kind === kind && o.language === 'es');

describe('outputs follow the latest revision (render graph)', () => {
  let t: TestApp;
  let alice: TestUser;
  let jobId: string;
  let first: any;

  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite', queue: { work: true } });
    alice = await createUser(t, 200);
    const up = await uploadByPut(t, alice, JFK_MP4, 'jfk.mp4', 'video/mp4');
    const srtFile = path.join(t.dataDir, 'jfk_en.srt');
    fs.writeFileSync(srtFile, JFK_EN_SRT);
    const srt = await uploadByPut(t, alice, srtFile, 'jfk_en.srt', 'application/x-subrip');
    const sub = await api(t, alice, 'POST', '/v1/jobs/translate', {
      media_url: up.fileUrl,
      source_subtitles_url: srt.fileUrl,
      source_language: 'en',
      target_languages: ['es'],
      services_to_run: ['subtitle', 'burned_subtitles', 'voice_over'],
      voice_over_mode: 'manual',
    });
    expect(sub.status).toBe(201);
    jobId = sub.body.id;
    first = await completed(t, alice, jobId);
  }, 500_000);
  afterAll(() => t?.close());

  it('the first run renders revision 1 for every output, none stale', async () => {
    expect(first.tracks_revision).toBe(1);
    const kinds = first.outputs.map((o: any) => o.kind).sort();
    expect(kinds).toEqual(['subtitle_srt', 'subtitle_vtt', 'subtitled_mp4', 'voice_over_mp3', 'voice_over_mp4']);
    for (const o of first.outputs) expect([o.kind, o.revision, o.stale]).toEqual([o.kind, 1, false]);
    expect(first.output_files.es.subtitle.burned_url).toBeTruthy();
    await save(first.output_files.es.subtitle.burned_url, path.join(t.dataDir, 'burned-1.mp4'));
    await save(first.output_files.es.voice_over.voice_over_url, path.join(t.dataDir, 'dub-1.mp3'));
  });

  it('an edit: the subtitles at once, the burnt-in video after its render run, the dub after the re-dub', async () => {
    const tracks = (await api(t, alice, 'GET', `/v1/jobs/${jobId}/tracks`)).body;
    const cues = tracks.targets.es.cues;
    const cue = cues[0];
    const edited = [{ ...cue, text: 'ZAPATOS AZULES' }, ...cues.slice(1)];
    const put = await api(t, alice, 'PUT', `/v1/jobs/${jobId}/tracks`, {
      revision: 1,
      targets: { es: { cues: edited } },
    });
    expect(put.status).toBe(200);
    expect(put.body.revision).toBe(2);

    const now = (await api(t, alice, 'GET', `/v1/jobs/${jobId}`)).body;
    // Text renders at once.
    expect(await text(now.output_files.es.subtitle.srt_url)).toContain('ZAPATOS AZULES');
    expect(await text(now.output_files.es.subtitle.vtt_url)).toContain('ZAPATOS AZULES');
    expect(outputOf(now, 'subtitle_srt')).toMatchObject({ revision: 2, stale: false });
    // The dub is stale until a re-dub: listed with the revision it renders, never offered as current.
    expect(outputOf(now, 'voice_over_mp3')).toMatchObject({ revision: 1, stale: true });
    expect(now.output_files.es.voice_over?.voice_over_url).toBeUndefined();

    // The burnt-in video: the render run brings it to revision 2.
    const rendered = await waitFor('the burnt-in video of revision 2', async () => {
      const j = (await api(t, alice, 'GET', `/v1/jobs/${jobId}`)).body;
      const o = outputOf(j, 'subtitled_mp4');
      return o.revision === 2 && !o.stale && j;
    });
    const mid = (cue.start + cue.end) / 2;
    const before = path.join(t.dataDir, 'burned-1.mp4');
    const after = path.join(t.dataDir, 'burned-2.mp4');
    await save(rendered.output_files.es.subtitle.burned_url, after);
    expect(outputOf(rendered, 'subtitled_mp4').url).not.toBe(outputOf(first, 'subtitled_mp4').url);
    // The edited cue's picture changed; the video is as long as before.
    expect(frameMd5(after, mid)).not.toBe(frameMd5(before, mid));
    expect(Math.abs(durationOf(after) - durationOf(before))).toBeLessThan(0.05);

    // The re-dub renders the dub of revision 2.
    const mp3Before = fs.readFileSync(path.join(t.dataDir, 'dub-1.mp3'));
    const started = await api(t, alice, 'POST', `/v1/jobs/${jobId}/redub`, { languages: ['es'] });
    expect(started.status).toBe(202);
    const done = await completed(t, alice, jobId);
    for (const o of done.outputs) expect([o.kind, o.revision, o.stale]).toEqual([o.kind, 2, false]);
    const mp3After = await save(done.output_files.es.voice_over.voice_over_url, path.join(t.dataDir, 'dub-2.mp3'));
    expect(mp3After.equals(mp3Before)).toBe(false);
  }, 600_000);

  it('a restore of revision 1: the first text back; outputs whose inputs are revision 1 current again', async () => {
    const r = await api(t, alice, 'POST', `/v1/jobs/${jobId}/revisions/1/restore`);
    expect(r.status).toBe(200);
    expect(r.body.revision).toBe(3);
    const job = (await api(t, alice, 'GET', `/v1/jobs/${jobId}`)).body;
    expect(await text(job.output_files.es.subtitle.srt_url)).not.toContain('ZAPATOS AZULES');
    expect(outputOf(job, 'subtitle_srt')).toMatchObject({ revision: 3, stale: false });
    expect(outputOf(job, 'voice_over_mp3')).toMatchObject({ revision: 2, stale: true });
  }, 300_000);
});
