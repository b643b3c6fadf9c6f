/**
 * `npm run bench:pipeline`: runs the translate CLI on ../shared/testdata (audio/ and video/) with the engines the
 * environment configures (local by default), twice per English file: subtitles only, then subtitles + voice-over,
 * into es and fr. Prints a table and, last, one JSON line with:
 * real-time factor per stage and in total (processing seconds / media seconds), word error rate of the English
 * transcripts against the references, cue-rule violations, share of dubbed segments fitted with speed-up <= 1.25x,
 * and peak memory (resident set of the CLI and all its child processes, sampled every 50 ms).
 * Then the editor's re-dub on video/lj001-0001-0004.mp4 into Spanish, in process: `full_dub_seconds` voices every
 * dub segment with no stored clip, `redub_one_cue_seconds` voices it again after the first cue's text changed
 * (every other clip, the plan and the encoded streams reused from the artifacts: only windows around the change
 * re-mixed and re-encoded); both include writing the MP3/MP4. The same on a 10-minute video looping it (`looped`).
 * Then the transcript auto-sync figures (scripts/bench-sync.ts: median/worst boundary error, real-time factor).
 * Targets on the 2-core machine: subtitles RTF <= 0.35, voice-over RTF <= 0.6, WER <= 30%, 0 violations,
 * >= 95% fitted, peak < 500 MB, one cue's re-dub <= 10% of the full dub's time. This is a measurement, not a
 * test: it never fails on a miss. `--redub-only` runs the re-dub measurement alone.
 * Then the dub sync figures (scripts/lib/dub-sync-figures.ts, issue 20): the share of dub segments per sync status
 * before and after, with the local engines and with a chat-completions emulator; `--dub-sync-only` runs them alone.
 * Goal with a rephrasing engine: >= 90% natural or ok, 0 overflow; always 0 silent overflows.
 * Then the render graph on the real server (scripts/lib/render-bench.ts): on a 10-minute video, the burnt-in video
 * rendered again after every cue and after one cue was edited, and the "Keep voices natural" re-dub of every cue and
 * of one cue; `--render-only` runs them alone. Goal: one cue <= 10% of the whole.
 */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { rulesFor } from '../contract/cue-rules.ts';
import { checkCues } from '../contract/cues.ts';
import { parseSrt } from '../server/src/media/subtitle-writers.ts';
import { werCounts } from '../server/src/media/word-error-rate.ts';
import { loadConfig } from '../server/src/config/index.ts';
import { createEngineRegistry, NoEngineError } from '../server/src/engines/engine.registry.ts';
import { memoryArtifacts } from '../server/src/media/artifacts.ts';
import { segmentsFromCues } from '../server/src/media/dub-segments.ts';
import { runMediaPipeline, type PipelineRequest } from '../server/src/media/pipeline.ts';
import { dubLanguage } from '../server/src/media/stages/dub-language.ts';
import { probeMedia } from '../server/src/media/probe.ts';
import { runProcess } from '../server/src/engines/run-process.ts';
import { dubSyncFigures, dubSyncTable } from './lib/dub-sync-figures.ts';
import { renderFigures } from './lib/render-bench.ts';

const REDUB_ONLY = process.argv.includes('--redub-only');
const DUB_SYNC_ONLY = process.argv.includes('--dub-sync-only');
const RENDER_ONLY = process.argv.includes('--render-only');
const DATA = path.resolve(
  process.argv.slice(2).find((a) => !a.startsWith('--')) ?? path.join(import.meta.dirname, '../../shared/testdata'),
);
const TARGETS = ['es', 'fr'];

/** Reference transcripts: LJ Speech rows from ljspeech.csv, the others from the SOURCES.md table. */
async function references(): Promise<Record<string, string>> {
  const refs: Record<string, string> = {};
  for (const line of (await readFile(path.join(DATA, 'audio/ljspeech.csv'), 'utf8')).split('\n')) {
    const [id, text] = line.split('|');
    if (id?.startsWith('LJ') && text) refs[id] = text;
  }
  for (const line of (await readFile(path.join(DATA, 'SOURCES.md'), 'utf8')).split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells[1]?.endsWith('.wav') && cells.at(-2) && !cells.at(-2)!.startsWith('see '))
      refs[cells[1].replace(/\.wav$/, '')] = cells.at(-2)!;
  }
  refs['lj001-0001-0004'] = ['LJ001-0001', 'LJ001-0002', 'LJ001-0003', 'LJ001-0004'].map((k) => refs[k]).join(' ');
  return refs;
}

function rssOfTree(pid: number): number {
  let total = 0;
  const visit = (p: number) => {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
      for (const t of readdirSync(`/proc/${p}/task`))
        for (const c of readFileSync(`/proc/${p}/task/${t}/children`, 'utf8').split(' ').filter(Boolean))
          visit(Number(c));
    } catch {
      /* the process ended between reads */
    }
  };
  visit(pid);
  return total;
}

/** Runs the CLI; returns its JSON summary, exit code and peak memory in bytes. */
function runCli(
  args: string[],
): Promise<{ code: number; summary?: any; stderr: string; peak: number; wall: number; cpu: number }> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    // /usr/bin/time reports the CPU seconds of the CLI and every child it waited for (pocketsphinx, ffmpeg...).
    const child = spawn(
      '/usr/bin/time',
      ['-f', 'CPU %U %S', process.execPath, '--import', 'tsx', 'server/src/cli/cli.ts', 'translate', ...args],
      { cwd: path.join(import.meta.dirname, '..'), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    let peak = 0;
    const timer = setInterval(() => (peak = Math.max(peak, rssOfTree(child.pid!))), 50);
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => {
      clearInterval(timer);
      const last = out.trim().split('\n').at(-1);
      const cpu = /CPU ([\d.]+) ([\d.]+)/.exec(err);
      resolve({
        code: code ?? -1,
        summary: code === 0 && last ? JSON.parse(last) : undefined,
        stderr: err.replace(/CPU [\d.]+ [\d.]+\s*$/, '').replace(/Command exited with non-zero status \d+\s*$/, ''),
        peak,
        wall: (performance.now() - t0) / 1000,
        cpu: cpu ? Number(cpu[1]) + Number(cpu[2]) : NaN,
      });
    });
  });
}

/**
 * The re-dub measurement on `video/lj001-0001-0004.mp4` and on a BENCH_REDUB_MINUTES (10) minute video built by
 * looping it (stream copy; its cues are the clip's, repeated at each loop's offset, so the recogniser runs once):
 * seconds to voice every segment of the Spanish track (no stored clip), then to voice it again after the first
 * cue's text changed (the stored dub's plan and streams re-used: only windows around the change re-encoded); and
 * how many clips each synthesised.
 */
async function redubFigures() {
  const clip = path.join(DATA, 'video/lj001-0001-0004.mp4');
  const reg = createEngineRegistry(loadConfig().engines);
  const work = await mkdtemp(path.join(os.tmpdir(), 'bench-redub-'));
  try {
    const req: PipelineRequest = {
      inputPath: clip,
      sourceLanguage: 'en',
      targetLanguages: ['es'],
      services: ['subtitle', 'voice_over'],
      voiceMode: 'dubbing',
      baseName: 'lj',
      outDir: path.join(work, 'out'),
    };
    const plan = reg.choose(req);
    const result = await runMediaPipeline({ ...req, services: ['subtitle'] }, plan);
    const joiner = rulesFor('es').joiner;
    const measure = async (input: string, cues: typeof result.tracks.targets.es, duration: number, tag: string) => {
      const artifacts = memoryArtifacts();
      const dub = async (segments: ReturnType<typeof segmentsFromCues>, name: string) => {
        const t0 = performance.now();
        const r = await dubLanguage({
          s: {
            req: { inputPath: input, baseName: 'lj', outDir: work, targetLanguages: ['es'], services: [] },
            artifacts,
          },
          language: 'es',
          segments,
          choice: plan.voices.es,
          duration,
          workDir: path.join(work, `${tag}-${name}`),
          mp3Path: path.join(work, `${tag}-${name}.mp3`),
          mp4Path: result.hasVideo ? path.join(work, `${tag}-${name}.mp4`) : undefined,
        });
        return { seconds: (performance.now() - t0) / 1000, synthesized: r.synthesized, total: segments.length };
      };
      const full = await dub(segmentsFromCues(cues, joiner), 'full');
      const edited = [
        { ...cues[0], lines: [...cues[0].lines.slice(0, -1), `${cues[0].lines.at(-1)} ya`] },
        ...cues.slice(1),
      ];
      const one = await dub(segmentsFromCues(edited, joiner), 'one');
      return {
        media_seconds: +duration.toFixed(2),
        full_dub_seconds: +full.seconds.toFixed(2),
        redub_one_cue_seconds: +one.seconds.toFixed(2),
        redub_share: +(one.seconds / full.seconds).toFixed(3),
        redub_segments: { total: one.total, synthesized_full: full.synthesized, synthesized_redub: one.synthesized },
      };
    };
    const short = await measure(clip, result.tracks.targets.es, result.durationSeconds, 'clip');
    const loops = Math.ceil((Number(process.env.BENCH_REDUB_MINUTES ?? 10) * 60) / result.durationSeconds);
    const looped = path.join(work, 'looped.mp4');
    await runProcess('ffmpeg', [
      ...['-nostdin', '-loglevel', 'error', '-y', '-stream_loop', String(loops - 1), '-i', clip],
      ...['-c', 'copy', looped],
    ]);
    const loopedInfo = await probeMedia(looped);
    const loopedCues = Array.from({ length: loops }, (_, k) =>
      result.tracks.targets.es.map((c) => ({
        ...c,
        start: c.start + k * result.durationSeconds,
        end: c.end + k * result.durationSeconds,
      })),
    )
      .flat()
      .filter((c) => c.end <= loopedInfo.durationSeconds);
    const long = await measure(looped, loopedCues, loopedInfo.durationSeconds, 'looped');
    return { ...short, looped: long };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Dub sync shares per status, before and after issue 20, local engines and the chat-completions emulator. */
async function dubSync(): Promise<void> {
  console.log('\ndub sync (share of dub segments per status; jfk.mp4 and lj001-0001-0004.mp4 into es and fr)');
  const figures = await dubSyncFigures(DATA, loadConfig().engines);
  console.log(dubSyncTable(figures));
  console.log(JSON.stringify({ dub_sync: figures }));
}

if (DUB_SYNC_ONLY) {
  await dubSync();
  process.exit(0);
}

/** The render graph on the product path (scripts/lib/render-bench.ts): burn-in and "Keep voices natural". */
async function renders(): Promise<void> {
  console.log('\nrenders after an edit, on the real server (10-minute video: every cue, then one cue)');
  const figures = await renderFigures(
    path.join(import.meta.dirname, '..'),
    path.join(DATA, 'video/lj001-0001-0004.mp4'),
  );
  console.log(JSON.stringify({ renders: figures }));
}

if (RENDER_ONLY) {
  await renders();
  process.exit(0);
}

if (REDUB_ONLY) {
  console.log(JSON.stringify(await redubFigures()));
  process.exit(0);
}

const refs = await references();
const inputs = [
  ...(await readdir(path.join(DATA, 'audio')))
    .filter((f) => f.endsWith('.wav'))
    .map((f) => path.join(DATA, 'audio', f)),
  ...(await readdir(path.join(DATA, 'video')))
    .filter((f) => f.endsWith('.mp4'))
    .map((f) => path.join(DATA, 'video', f)),
];
const rows: string[][] = [];
const agg = {
  subtitles: { media: 0, total: 0, cpu: 0, stages: {} as Record<string, number> },
  voice_over: { media: 0, total: 0, cpu: 0, stages: {} as Record<string, number> },
};
let werErrors = 0;
let werWords = 0;
let violations = 0;
const violationList: string[] = [];
let segments = 0;
let fitted = 0;
let peak = 0;
const refused: string[] = [];
// The same engine choice the CLI and the jobs make: an input no configured engine serves is listed, not run.
const registry = createEngineRegistry(loadConfig().engines);

for (const input of inputs) {
  const name = path.basename(input).replace(/\.[^.]+$/, '');
  const from = name.includes('_es') ? 'es' : 'en';
  for (const mode of ['subtitles', 'voice_over'] as const) {
    try {
      registry.choose({
        sourceLanguage: from,
        targetLanguages: TARGETS,
        services: mode === 'subtitles' ? ['subtitle'] : ['subtitle', 'voice_over'],
        voiceMode: 'dubbing',
      });
    } catch (e) {
      if (!(e instanceof NoEngineError)) throw e;
      refused.push(`${name}: ${e.message}`);
      rows.push([name, mode, '-', '-', '-', '-', '-', '-', '-', 'no engine']);
      break;
    }
    const out = await mkdtemp(path.join(os.tmpdir(), 'bench-'));
    const r = await runCli([
      input,
      '--from',
      from,
      '--to',
      TARGETS.join(','),
      '--outputs',
      mode === 'subtitles' ? 'subtitles' : 'subtitles,voice_over',
      '--voice-mode',
      'dubbing',
      '--out',
      out,
    ]);
    peak = Math.max(peak, r.peak);
    if (!r.summary) {
      refused.push(`${name}: ${r.stderr.trim().split('\n').at(-1)}`);
      rows.push([name, mode, '-', '-', '-', '-', '-', '-', '-', `exit ${r.code}: refused`]);
      await rm(out, { recursive: true, force: true });
      break;
    }
    const s = r.summary;
    const processing = Object.values(s.stageSeconds as Record<string, number>).reduce((a, b) => a + b, 0);
    const a = agg[mode];
    a.media += s.durationSeconds;
    a.total += processing;
    a.cpu += r.cpu;
    for (const [k, v] of Object.entries(s.stageSeconds as Record<string, number>)) a.stages[k] = (a.stages[k] ?? 0) + v;
    const transcript = JSON.parse(await readFile(s.transcript, 'utf8'));
    let wer = '-';
    if (mode === 'subtitles' && refs[name] && from === 'en') {
      const c = werCounts(refs[name], transcript.words.map((w: { text: string }) => w.text).join(' '));
      werErrors += c.errors;
      werWords += c.words;
      wer = `${((c.errors / c.words) * 100).toFixed(0)}%`;
    }
    let v = 0;
    for (const f of s.files.filter((f: { kind: string }) => f.kind === 'subtitle_srt')) {
      const found = checkCues(parseSrt(await readFile(f.path, 'utf8')), f.language, rulesFor(f.language));
      v += found.length;
      violationList.push(...found.map((x) => `${name}_${f.language}#${x.cue}: ${x.rule} ${x.detail}`));
    }
    violations += v;
    let fit = '-';
    if (mode === 'voice_over') {
      const placements = transcript.targets.flatMap(
        (t: { placements?: { fitted: boolean; speed: number }[] }) => t.placements ?? [],
      );
      const ok = placements.filter(
        (p: { fitted: boolean; speed: number }) => p.fitted && p.speed <= 1.25 + 1e-9,
      ).length;
      segments += placements.length;
      fitted += ok;
      fit = `${ok}/${placements.length}`;
    }
    rows.push([
      name,
      mode,
      s.durationSeconds.toFixed(1),
      processing.toFixed(2),
      (processing / s.durationSeconds).toFixed(2),
      r.cpu.toFixed(1),
      wer,
      String(v),
      fit,
      `${(r.peak / 2 ** 20).toFixed(0)} MB`,
    ]);
    await rm(out, { recursive: true, force: true });
  }
}

const header = ['input', 'outputs', 'media s', 'proc s', 'RTF', 'CPU s', 'WER', 'violations', 'fitted', 'peak mem'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
const fmt = (r: string[]) => r.map((c, i) => (c ?? '').padEnd(widths[i])).join('  ');
console.log(fmt(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of rows) console.log(fmt(r));
if (violationList.length) console.log(`\nviolations:\n  ${violationList.slice(0, 20).join('\n  ')}`);
if (refused.length) console.log(`\nrefused (no engine configured):\n  ${refused.join('\n  ')}`);
const rtf = (a: { media: number; total: number; cpu: number; stages: Record<string, number> }) => ({
  total: +(a.total / a.media).toFixed(3),
  /** CPU seconds (all processes, incl. Node/tsx start-up) per media second: comparable under a loaded machine. */
  cpu_per_media_second: +(a.cpu / a.media).toFixed(3),
  stages: Object.fromEntries(Object.entries(a.stages).map(([k, v]) => [k, +(v / a.media).toFixed(3)])),
});
const result = {
  cores: os.availableParallelism(),
  loadAverage: os.loadavg().map((x) => +x.toFixed(2)),
  rtf_subtitles: rtf(agg.subtitles),
  rtf_voice_over: rtf(agg.voice_over),
  wer_en: werWords ? +(werErrors / werWords).toFixed(3) : null,
  cue_violations: violations,
  dub_segments: segments,
  dub_fitted_share: segments ? +(fitted / segments).toFixed(3) : null,
  peak_memory_mb: Math.round(peak / 2 ** 20),
  refused: refused.length,
  ...(await redubFigures()),
};
console.log(`\n${JSON.stringify(result)}`);
await dubSync();
await renders();

// Transcript auto-sync (the user's own words): boundary error and real-time factor (scripts/bench-sync.ts).
console.log('\nauto-sync');
await import('./bench-sync.ts');
