/**
 * The render graph's cost on the product path (issue 36 items 1 and 2), for `npm run bench:pipeline`: the real
 * server (embedded worker and queue) on a ~10-minute video made by looping ../shared/testdata/video/lj001-0001-0004.mp4,
 * with the user's own English subtitles (a cue every 4 s, so no recogniser runs) into Spanish.
 * - Burn-in: after the job, every cue is edited and saved (the render run encodes the whole picture: the full
 *   render), then one cue (only its 2-second GOPs are encoded again); each timed from the save (PUT tracks) until the
 *   job's `outputs` list the burnt-in video as the new revision's, not stale.
 * - "Keep voices natural": a voice-over job; the re-dub of every cue edited, then of one cue, each timed from POST
 *   redub until the job is completed again with its outputs current.
 * Times in seconds; a measurement, not a test.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBenchServer, type BenchServer } from './trust-bench.ts';

const LOOPED_SECONDS = 600;

/** SRT time `HH:MM:SS,mmm` of `t` seconds. */
const srtTime = (t: number) => {
  const ms = Math.round(t * 1000);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(Math.floor(ms / 3_600_000))}:${p(Math.floor(ms / 60_000) % 60)}:${p(Math.floor(ms / 1000) % 60)},${p(ms % 1000, 3)}`;
};

/** English cues every 4 s over `seconds`, as SRT. */
function ownSubtitles(seconds: number): string {
  const out: string[] = [];
  for (let i = 0; (i + 1) * 4 <= seconds; i++)
    out.push(
      `${i + 1}\n${srtTime(i * 4 + 0.5)} --> ${srtTime(i * 4 + 3.5)}\nThe printer read the page number ${i + 1}.\n`,
    );
  return out.join('\n');
}

interface Cue {
  id: string;
  start: number;
  end: number;
  text: string;
}

/** Polls until `ok(job)`; the seconds since `t0`. */
async function until(
  app: BenchServer,
  auth: Record<string, string>,
  id: string,
  t0: number,
  ok: (job: any) => boolean,
) {
  for (;;) {
    const job = (await app.call(auth, 'GET', `/v1/jobs/${id}`)).body;
    if (job.status === 'failed') throw new Error(`job ${id} failed: ${job.error_code} ${job.error}`);
    if (ok(job)) return (performance.now() - t0) / 1000;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Saves `edit(cues)` as the next revision of the Spanish track; its number. */
async function save(app: BenchServer, auth: Record<string, string>, id: string, edit: (cues: Cue[]) => Cue[]) {
  const tracks = (await app.call(auth, 'GET', `/v1/jobs/${id}/tracks`)).body;
  const put = await app.call(auth, 'PUT', `/v1/jobs/${id}/tracks`, {
    revision: tracks.revision,
    targets: { es: { cues: edit(tracks.targets.es.cues) } },
  });
  if (put.status !== 200) throw new Error(`save answered ${put.status}: ${JSON.stringify(put.body)}`);
  return put.body.revision as number;
}

const current = (kind: string, revision: number) => (job: any) =>
  job.status === 'completed' &&
  (job.outputs ?? []).some((o: any) => o.kind === kind && o.revision === revision && !o.stale);

const all = (cues: Cue[]) => cues.map((c) => ({ ...c, text: `${c.text} (revisado)` }));
const one = (cues: Cue[]) =>
  cues.map((c, i) => (i === Math.floor(cues.length / 2) ? { ...c, text: 'Una frase cambiada.' } : c));

/** The figures (see the file comment). `root`: the project's folder; `source`: the video looped. */
export async function renderFigures(root: string, source: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-bench-render-'));
  const app = await startBenchServer({ serverRoot: root, accounts: ['render'] });
  try {
    const video = path.join(dir, 'long.mp4');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-stream_loop', '-1', '-i', source, '-t', String(LOOPED_SECONDS)],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-c:a', 'aac', video],
    ]);
    const auth = app.auths[0];
    const media = await app.upload(auth, fs.readFileSync(video), 'long.mp4', 'video/mp4');
    const words = await app.upload(
      auth,
      Buffer.from(ownSubtitles(LOOPED_SECONDS)),
      'long_en.srt',
      'application/x-subrip',
    );
    const submit = async (services: string[], extra: object) => {
      const t0 = performance.now();
      const r = await app.call(auth, 'POST', '/v1/jobs/translate', {
        media_url: media,
        source_subtitles_url: words,
        source_language: 'en',
        target_languages: ['es'],
        services_to_run: services,
        num_speakers: 1,
        ...extra,
      });
      if (r.status !== 201) throw new Error(`submission answered ${r.status}: ${JSON.stringify(r.body)}`);
      const seconds = await until(app, auth, r.body.id, t0, (j) => j.status === 'completed');
      return { id: r.body.id as string, seconds };
    };

    const burn = await submit(['subtitle', 'burned_subtitles'], {});
    const timeSave = async (edit: (cues: Cue[]) => Cue[]) => {
      const t0 = performance.now();
      const revision = await save(app, auth, burn.id, edit);
      return until(app, auth, burn.id, t0, current('subtitled_mp4', revision));
    };
    const burnFull = await timeSave(all);
    const burnOne = await timeSave(one);

    const natural = await submit(['subtitle', 'voice_over'], { voice_over_mode: 'manual', keep_voices_natural: true });
    const timeRedub = async (edit: (cues: Cue[]) => Cue[]) => {
      const revision = await save(app, auth, natural.id, edit);
      const t0 = performance.now();
      const r = await app.call(auth, 'POST', `/v1/jobs/${natural.id}/redub`, { languages: ['es'] });
      if (r.status !== 202) throw new Error(`re-dub answered ${r.status}: ${JSON.stringify(r.body)}`);
      return until(app, auth, natural.id, t0, current('voice_over_mp4', revision));
    };
    const naturalFull = await timeRedub(all);
    const naturalOne = await timeRedub(one);
    const r2 = (n: number) => Math.round(n * 100) / 100;
    return {
      media_seconds: LOOPED_SECONDS,
      burn_in: {
        job_seconds: r2(burn.seconds),
        full_render_seconds: r2(burnFull),
        one_cue_render_seconds: r2(burnOne),
        share: r2(burnOne / burnFull),
      },
      keep_voices_natural: {
        job_seconds: r2(natural.seconds),
        full_redub_seconds: r2(naturalFull),
        one_cue_redub_seconds: r2(naturalOne),
        share: r2(naturalOne / naturalFull),
      },
    };
  } finally {
    await app.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
