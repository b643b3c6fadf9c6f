/**
 * `npm run bench:long`: long media through the CLI (issue 16), a script that prints figures, not a timed test.
 * Builds a BENCH_LONG_MINUTES (60) minute video (a 1 fps black frame, 64 kbit/s AAC) by looping the shared speech
 * (LJ001-0001..0004 and jfk.wav with half a second of silence between), runs
 * `cli translate VIDEO --from en --to es --outputs subtitles`, then the voice-over run (issue 25)
 * `--outputs subtitles,voice_over` (BENCH_LONG_OUTPUTS names the one run to make instead, e.g. `subtitles,voice_over`),
 * and prints per run:
 * wall seconds and real-time factor (wall / media seconds), CPU seconds of the CLI and its children, peak resident
 * memory of the whole tree and per program (node, pocketsphinx_continuous, ffmpeg, apertium parts, rubberband...,
 * sampled every 200 ms; a program's figure is its largest single process), the CLI's own peak per stage (its
 * summary's `stagePeakMB`), and the word error rate of the
 * transcript against the looped references, beside the figures of one loop (about 45 s, decoded the ordinary way);
 * a voice-over run adds the MP3 and MP4 durations beside the input's, seconds (ffprobe).
 * `npm run bench:long -- --postgres --worker [--workers N] [--s3]` makes the same runs as an operator's service
 * would (issue 25): PostgreSQL, the API and N (2) separate worker processes, local files or S3 (s3rver); the
 * figures are then the workers' (CPU and memory of the worker processes and their programs, the worker's Node
 * peak per job stage) and the word error rate is of the job's source cues (lib/long-service.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { werCounts } from '../server/src/media/word-error-rate.ts';
import { writeSpeechLoop } from './lib/speech-loop.ts';
import { runThroughService, treeProcesses } from './lib/long-service.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DATA = path.resolve(ROOT, '../shared/testdata');
const MINUTES = Number(process.env.BENCH_LONG_MINUTES ?? 60);
const RUNS = process.env.BENCH_LONG_OUTPUTS ? [process.env.BENCH_LONG_OUTPUTS] : ['subtitles', 'subtitles,voice_over'];
const FLAGS = parseArgs({
  options: {
    postgres: { type: 'boolean' },
    worker: { type: 'boolean' },
    workers: { type: 'string' },
    s3: { type: 'boolean' },
  },
}).values;
/** `--postgres --worker`: the runs go through the API and separate worker processes (lib/long-service.ts). */
const SERVICE = FLAGS.postgres || FLAGS.worker || FLAGS.s3 || FLAGS.workers !== undefined;
const PIECES = ['LJ001-0001', 'LJ001-0002', 'LJ001-0003', 'LJ001-0004', 'jfk'];

function referenceText(): string {
  const refs: Record<string, string> = {};
  for (const line of fs.readFileSync(path.join(DATA, 'audio/ljspeech.csv'), 'utf8').split('\n')) {
    const [id, text] = line.split('|');
    if (id?.startsWith('LJ') && text) refs[id] = text;
  }
  for (const line of fs.readFileSync(path.join(DATA, 'SOURCES.md'), 'utf8').split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells[1]?.endsWith('.wav') && cells.at(-2) && !cells.at(-2)!.startsWith('see '))
      refs[cells[1].replace(/\.wav$/, '')] = cells.at(-2)!;
  }
  return PIECES.map((p) => refs[p]).join(' ');
}

/** Runs `cli translate INPUT` into `out`; wall and CPU seconds, peak memory (tree, per program), the words. */
async function runCli(input: string, out: string, outputs: string) {
  const t0 = performance.now();
  const child = spawn(
    '/usr/bin/time',
    [
      '-f',
      'CPU %U %S',
      process.execPath,
      '--import',
      'tsx',
      'server/src/cli/cli.ts',
      'translate',
      input,
      '--from',
      'en',
      '--to',
      'es',
      '--outputs',
      outputs,
      '--out',
      out,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  let peakTree = 0;
  const peakByProgram: Record<string, number> = {};
  const timer = setInterval(() => {
    const procs = treeProcesses(child.pid!).filter(([, name]) => name !== 'time');
    peakTree = Math.max(
      peakTree,
      procs.reduce((n, [, , b]) => n + b, 0),
    );
    for (const [, name, b] of procs) peakByProgram[name] = Math.max(peakByProgram[name] ?? 0, b);
  }, 200);
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise<number>((r) => child.on('close', (c) => r(c ?? -1)));
  clearInterval(timer);
  const wall = (performance.now() - t0) / 1000;
  const cpu = /CPU ([\d.]+) ([\d.]+)/.exec(stderr);
  if (code !== 0) throw new Error(`cli exited ${code}: ${stderr.slice(-2000)}`);

  const transcript = JSON.parse(fs.readFileSync(path.join(out, 'transcript.json'), 'utf8')) as {
    words: Array<{ text: string }>;
  };
  const durations = Object.fromEntries(
    fs
      .readdirSync(out)
      .filter((f) => /\.(mp3|mp4)$/.test(f))
      .map((f) => [f.slice(-3), Math.round(durationOf(path.join(out, f)) * 1000) / 1000]),
  );
  const summary = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { stagePeakMB?: Record<string, number> };
  return {
    durations,
    stagePeakMB: summary.stagePeakMB ?? {},
    wall,
    cpu: cpu ? Math.round(Number(cpu[1]) + Number(cpu[2])) : null,
    peakTree,
    peakByProgram,
    words: transcript.words.map((w) => w.text).join(' '),
  };
}

const mb = (b: number) => Math.round(b / 1048576);

/** The same run through the API and worker processes on PostgreSQL (`--postgres --worker`), same figures. */
async function runService(video: string, outputs: string): Promise<Awaited<ReturnType<typeof runCli>>> {
  if (!FLAGS.postgres || !FLAGS.worker) throw new Error('--postgres and --worker go together (and --workers N, --s3)');
  const services = outputs.split(',').map((o) => (o === 'subtitles' ? 'subtitle' : o));
  const r = await runThroughService(video, services, { workers: Number(FLAGS.workers ?? 2), s3: !!FLAGS.s3 });
  return {
    durations: Object.fromEntries(Object.entries(r.durations).map(([k, v]) => [k, Math.round(v * 1000) / 1000])),
    stagePeakMB: Object.fromEntries(Object.entries(r.peakByStage).map(([k, v]) => [k, mb(v)])),
    wall: r.wall,
    cpu: Math.round(r.cpu),
    peakTree: r.peakTree,
    peakByProgram: r.peakByProgram,
    words: r.words,
  };
}

/** A media file's duration, seconds (ffprobe's format duration). */
function durationOf(file: string): number {
  return Number(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], {
      encoding: 'utf8',
    }).trim(),
  );
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-long-'));
  try {
    // One loop: the five recordings at 16 kHz mono with 0.5 s of silence after each.
    const loop = path.join(dir, 'loop.wav');
    const inputs = PIECES.map((p) => path.join(DATA, 'audio', `${p}.wav`));
    writeSpeechLoop(inputs, loop);
    const loopSeconds = Number(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', loop], {
        encoding: 'utf8',
      }).trim(),
    );
    const loops = Math.ceil((MINUTES * 60) / loopSeconds);
    const video = path.join(dir, `long-${MINUTES}min.mp4`);
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=black:s=320x240:r=1',
      '-stream_loop',
      String(loops - 1),
      '-i',
      loop,
      '-t',
      (loops * loopSeconds).toFixed(2),
      '-shortest',
      '-c:v',
      'libx264',
      '-tune',
      'stillimage',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '64k',
      video,
    ]);
    const mediaSeconds = Number(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', video], {
        encoding: 'utf8',
      }).trim(),
    );

    const short = await runCli(loop, path.join(dir, 'out-loop'), 'subtitles');
    const ref = Array.from({ length: loops }, referenceText).join(' ');
    const loopWer = werCounts(referenceText(), short.words);
    for (const [n, outputs] of RUNS.entries()) {
      const long = SERVICE
        ? await runService(video, outputs)
        : await runCli(video, path.join(dir, `out-${n}`), outputs);
      const wer = werCounts(ref, long.words);
      process.stdout.write(
        `${JSON.stringify(
          {
            minutes: MINUTES,
            configuration: SERVICE
              ? `PostgreSQL, API + ${Number(FLAGS.workers ?? 2)} worker processes, ${FLAGS.s3 ? 'S3 (s3rver)' : 'local files'}`
              : 'CLI, embedded',
            mediaSeconds: Math.round(mediaSeconds * 1000) / 1000,
            outputs,
            cores: os.availableParallelism(),
            loadAverageAfter: os.loadavg().map((x) => Math.round(x * 10) / 10),
            wallSeconds: Math.round(long.wall),
            realTimeFactor: Math.round((long.wall / mediaSeconds) * 1000) / 1000,
            cpuSeconds: long.cpu,
            cpuPerMediaSecond: long.cpu === null ? null : Math.round((long.cpu / mediaSeconds) * 1000) / 1000,
            peakTreeMB: mb(long.peakTree),
            peakPerProcessMB: Object.fromEntries(Object.entries(long.peakByProgram).map(([k, v]) => [k, mb(v)])),
            [SERVICE ? 'workerNodePeakPerStageMB' : 'nodePeakPerStageMB']: long.stagePeakMB,
            outputSeconds: long.durations,
            wordErrorRate: Math.round((wer.errors / wer.words) * 1000) / 10,
            referenceWords: wer.words,
            oneLoop: {
              seconds: Math.round(loopSeconds * 10) / 10,
              wallSeconds: Math.round(short.wall),
              cpuSeconds: short.cpu,
              wordErrorRate: Math.round((loopWer.errors / loopWer.words) * 1000) / 10,
            },
          },
          null,
          2,
        )}\n`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`bench:long failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
