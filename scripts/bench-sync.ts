/**
 * `npm run bench:sync` (also run by `npm run bench:pipeline`): accuracy and speed of transcript auto-sync
 * (server/src/media/sync) on ../shared/testdata. Prints a table, then one JSON line.
 * - Spanish (leopard_test_es.wav + its sentence): the recording's pause edges (speech runs measured by level and
 *   pitch, sync/voicing.ts) against the nearest aligned word boundary; the first cue's start and the last cue's
 *   end against the speech's start and end.
 * - English (jfk.wav, LJ001-0001..0004 + their reference transcripts): every word's start and end against the
 *   recogniser's (pocketsphinx) times for the same word (words matched in order by spelling).
 * Boundary error: median and worst, seconds. Real-time factor: auto-sync seconds / audio seconds.
 * Target: first/last cue within 0.3 s. A measurement, not a test: it never fails on a miss.
 * `--detector classic|silero|both` (default both): what tells the pauses word boundaries are snapped out of
 * (auto-sync.ts SyncOptions.detector); with both, a table per detector, then one JSON line holding both.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { extractSpeechWav } from '../server/src/media/probe.ts';
import { cuesFromWords, syncTranscript } from '../server/src/media/sync/auto-sync.ts';
import type { SpeechDetector } from '../server/src/audio/speech-detection.ts';
import { speechExtent, speechRuns } from '../server/src/media/sync/voicing.ts';
import { readWav } from '../server/src/audio/wav.ts';
import { loadConfig } from '../server/src/config/index.ts';
import { createEngineRegistry } from '../server/src/engines/engine.registry.ts';
import type { TimedWord } from '../server/src/media/cue-cutter.ts';

const DATA = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../../shared/testdata'));
const ES = 'Las arenas son blanquecinas de grano medio y tiene muy poca asistencia.';
const arg = process.argv.indexOf('--detector');
const which = arg > 0 ? process.argv[arg + 1] : 'both';
const DETECTORS: SpeechDetector[] = which === 'both' ? ['classic', 'silero'] : [which as SpeechDetector];
if (arg > 0) process.argv.splice(arg, 2);

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2 : NaN;
};
const norm = (w: string) => w.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '');

/** Runs auto-sync once; returns the words, the cues and the seconds it took. */
async function timedSync(file: string, text: string, lang: string, detector: SpeechDetector) {
  const t0 = performance.now();
  const words = await syncTranscript(file, text, lang, { detector });
  const seconds = (performance.now() - t0) / 1000;
  return { words, cues: cuesFromWords(words, lang), seconds };
}

/** Pairs aligned and recognised words of the same spelling: their longest common subsequence. */
function matchWords(aligned: TimedWord[], recognised: TimedWord[]): [TimedWord, TimedWord][] {
  const n = aligned.length;
  const m = recognised.length;
  const L = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      L[i][j] =
        norm(aligned[i].text) === norm(recognised[j].text) ? L[i + 1][j + 1] + 1 : Math.max(L[i + 1][j], L[i][j + 1]);
  const pairs: [TimedWord, TimedWord][] = [];
  for (let i = 0, j = 0; i < n && j < m;) {
    if (norm(aligned[i].text) === norm(recognised[j].text)) pairs.push([aligned[i++], recognised[j++]]);
    else if (L[i + 1][j] >= L[i][j + 1]) i++;
    else j++;
  }
  return pairs;
}

/** The recogniser's words of each English file, recognised once for all detectors. */
const recognisedOf = new Map<string, TimedWord[]>();

async function run(detector: SpeechDetector) {
  const rows: string[][] = [];
  const errors: number[] = [];
  const edgeErrors: number[] = [];
  let syncSeconds = 0;
  let audioSeconds = 0;

  // Spanish: pause edges of the recording vs the nearest word boundary.
  const esFile = path.join(DATA, 'audio/leopard_test_es.wav');
  const es = await timedSync(esFile, ES, 'es', detector);
  const esAudio = await readWav(esFile);
  const duration = esAudio.samples.length / esAudio.rate;
  syncSeconds += es.seconds;
  audioSeconds += duration;
  const starts = es.words.map((w) => w.start);
  const ends = es.words.map((w) => w.end);
  const runs = speechRuns(esAudio);
  const esErrors = runs.flatMap((r) => [
    Math.min(...starts.map((s) => Math.abs(s - r.start))),
    Math.min(...ends.map((e) => Math.abs(e - r.end))),
  ]);
  errors.push(...esErrors);
  const extent = speechExtent(esAudio)!;
  const first = Math.abs(es.cues[0].start - extent.start);
  const last = Math.abs(es.cues.at(-1)!.end - extent.end);
  edgeErrors.push(first, last);
  rows.push([
    'leopard_test_es (es)',
    `${runs.length} pause edges x2`,
    median(esErrors).toFixed(3),
    Math.max(...esErrors).toFixed(3),
    `${first.toFixed(3)} / ${last.toFixed(3)}`,
    (es.seconds / duration).toFixed(3),
  ]);

  // English: against the recogniser's word times.
  const refs: Record<string, string> = {};
  for (const line of (await readFile(path.join(DATA, 'audio/ljspeech.csv'), 'utf8')).split('\n')) {
    const [id, text] = line.split('|');
    if (id?.startsWith('LJ') && text) refs[id] = text;
  }
  refs.jfk =
    'And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.';
  const speech = createEngineRegistry(loadConfig().engines).choose({
    sourceLanguage: 'en',
    targetLanguages: ['en'],
    services: ['subtitle'],
  }).speech!;
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'tarjama-bench-sync-'));
  for (const id of ['jfk', 'LJ001-0001', 'LJ001-0002', 'LJ001-0003', 'LJ001-0004']) {
    // 16 kHz mono, as the pipeline gives both the recogniser and auto-sync.
    const file = path.join(tmp, `${id}.wav`);
    await extractSpeechWav(path.join(DATA, `audio/${id}.wav`), file);
    const audio = await readWav(file);
    const seconds = audio.samples.length / audio.rate;
    const r = await timedSync(file, refs[id], 'en', detector);
    syncSeconds += r.seconds;
    audioSeconds += seconds;
    if (!recognisedOf.has(id)) recognisedOf.set(id, (await speech.transcribe(file, { language: 'en' })).words);
    const recognised = recognisedOf.get(id)!;
    const pairs = matchWords(r.words, recognised);
    const e = pairs.flatMap(([a, b]) => [Math.abs(a.start - b.start), Math.abs(a.end - b.end)]);
    errors.push(...e);
    const ext = speechExtent(audio)!;
    const f = Math.abs(r.cues[0].start - ext.start);
    const l = Math.abs(r.cues.at(-1)!.end - ext.end);
    edgeErrors.push(f, l);
    rows.push([
      `${id} (en)`,
      `${pairs.length}/${r.words.length} words x2`,
      median(e).toFixed(3),
      Math.max(...e).toFixed(3),
      `${f.toFixed(3)} / ${l.toFixed(3)}`,
      (r.seconds / seconds).toFixed(3),
    ]);
  }

  await rm(tmp, { recursive: true, force: true });
  const head = ['file', 'boundaries', 'median err s', 'worst err s', 'first/last cue err s', 'RTF'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  console.log(`detector: ${detector}`);
  for (const r of [head, ...rows]) console.log(r.map((c, i) => c.padEnd(widths[i])).join('  '));
  return {
    boundaryErrorMedianSeconds: Number(median(errors).toFixed(3)),
    boundaryErrorMeanSeconds: Number((errors.reduce((a, b) => a + b, 0) / errors.length).toFixed(3)),
    boundaryErrorWorstSeconds: Number(Math.max(...errors).toFixed(3)),
    firstLastCueErrorWorstSeconds: Number(Math.max(...edgeErrors).toFixed(3)),
    realTimeFactor: Number((syncSeconds / audioSeconds).toFixed(3)),
  };
}

const figures: Partial<Record<SpeechDetector, Awaited<ReturnType<typeof run>>>> = {};
for (const d of DETECTORS) figures[d] = await run(d);
// One detector: the figures as before; both: each detector's beside the other's.
console.log(JSON.stringify({ autoSync: DETECTORS.length === 1 ? figures[DETECTORS[0]] : figures }));
