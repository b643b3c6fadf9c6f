/**
 * `npm run bench:speakers`: accuracy and speed of the speakers stage as a job runs it (issue 38: the bench once
 * called the diarizer on its own, with the detector's speech regions, while jobs passed it the transcript's words;
 * it reported 2 of 2 speakers on sample.wav where jobs found one). Each WAV of ../shared/testdata/speakers with
 * reference turns (sample.rttm, ami-train.rttm) goes through the media pipeline with the embedded engines
 * (runMediaPipeline, registry.choose of an English subtitle request into Spanish on Auto, as the studio sends it:
 * extract, recognise, speakers, cues …), and the turns scored are the job's speakers.json. Then the speakers stage
 * runs again on the job's saved artifacts with the classic speech detector instead of Silero, and with each
 * detector told the reference's count. Figures: the diarization error rate (DER: missed + false alarm + confusion
 * over reference speech, 0.25 s collar on each side of every reference boundary, within the .uem region when given;
 * der.ts), missed and false-alarm seconds, the number of speakers found against the reference's, the DER with the
 * count given, and the real-time factor of the speakers stage (stage seconds / audio seconds). Prints a table per
 * detector, the averages, then one JSON line per detector. Goals: DER <= 15 % on sample.wav, <= 40 % averaged over
 * the AMI excerpts, the count right on sample.wav and on 6 of the 9 AMI files, RTF <= 0.05. A measurement: it
 * never fails. `--held-out [DIR]`: the same figures on the held-out set of scripts/lib/held-out-speakers.ts instead
 * (1-4 voices of other shared recordings, with one-word interjections), written to DIR (default: a temporary
 * directory).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildHeldOut } from './lib/held-out-speakers.ts';
import { LOCAL_ENGINES_CONFIG } from '../server/src/config/engines.config.ts';
import { createEngineRegistry } from '../server/src/engines/engine.registry.ts';
import { createClassicSpeakersEngine } from '../server/src/engines/speakers/classic.engine.ts';
import { memoryArtifacts, type ArtifactStore } from '../server/src/media/artifacts.ts';
import { runMediaPipeline, type PipelineRequest } from '../server/src/media/pipeline.ts';
import type { SpeechDetector } from '../server/src/engines/speakers/classic/classic-work.ts';
import {
  diarizationErrorRate,
  parseRttm,
  parseUem,
  type SpeakerTurn,
} from '../server/src/engines/speakers/classic/der.ts';
import { SPEAKERS_ARTIFACT } from '../server/src/media/stages/speakers.ts';
import type { SpeakerTrack } from '../server/src/media/stages/stage.ts';
import { readWavLayout } from '../server/src/audio/wav.ts';

const TESTDATA = path.join(import.meta.dirname, '../../shared/testdata');
const HELD_OUT = process.argv[2] === '--held-out';
const DIR = path.resolve((!HELD_OUT && process.argv[2]) || path.join(TESTDATA, 'speakers'));
const DETECTORS: SpeechDetector[] = ['silero', 'classic'];
const registry = createEngineRegistry(LOCAL_ENGINES_CONFIG);

/** One recording to score: its WAV, reference turns, and the scored region when given. */
interface Case {
  id: string;
  wav: string;
  reference: SpeakerTurn[];
  uem?: { start: number; end: number }[];
}

/** The bench's files: each WAV of DIR with its reference turns (none: silence) and scored region. */
async function benchCases(dir: string): Promise<Case[]> {
  const refs = (await readAll(dir, '.rttm', parseRttm)) as Map<string, SpeakerTurn[]>;
  const uems = (await readAll(dir, '.uem', parseUem)) as Map<string, { start: number; end: number }[]>;
  return (await readdir(dir))
    .filter((n) => n.endsWith('.wav'))
    .sort()
    .map((name) => {
      const id = name.replace(/\.wav$/, '');
      return { id, wav: path.join(dir, name), reference: refs.get(id) ?? [], uem: uems.get(id) };
    });
}

async function readAll(dir: string, ext: string, parse: (t: string) => Map<string, unknown>) {
  const out = new Map<string, unknown>();
  for (const f of (await readdir(dir)).filter((n) => n.endsWith(ext)))
    for (const [k, v] of parse(await readFile(path.join(dir, f), 'utf8'))) out.set(k, v);
  return out;
}

/** The job's artifacts without its speakers.json, so that a run restores every stage before speakers and runs it. */
function withoutSpeakers(a: ArtifactStore): ArtifactStore {
  return { ...a, readJson: async (name) => (name === SPEAKERS_ARTIFACT ? null : a.readJson(name)) };
}

/**
 * One job's speakers: the pipeline on `c.wav` with its artifacts saved in `saved` (the first run does every stage;
 * a `rerun` restores them up to the speakers stage, which runs again) with the classic engine on `detector`,
 * `numSpeakers` told or Auto. Turns, and the speakers stage's seconds.
 */
async function jobSpeakers(
  c: Case,
  saved: ArtifactStore,
  rerun: boolean,
  detector: SpeechDetector,
  numSpeakers: number | undefined,
  outDir: string,
) {
  const req: PipelineRequest = {
    inputPath: c.wav,
    sourceLanguage: 'en',
    targetLanguages: ['es'],
    services: ['subtitle'],
    voiceMode: 'dubbing',
    baseName: c.id,
    outDir,
    artifacts: rerun ? withoutSpeakers(saved) : saved,
    numSpeakers,
  };
  const plan = { ...registry.choose(req), speakers: createClassicSpeakersEngine(detector) };
  try {
    const result = await runMediaPipeline(req, plan);
    const track = await saved.readJson<SpeakerTrack>(SPEAKERS_ARTIFACT);
    return { turns: track?.turns ?? [], seconds: result.stageSeconds.speakers ?? 0 };
  } catch (e) {
    // A job that fails (NO_SPEECH on a file with almost no speech) finds nobody.
    console.log(`  ${c.id}: the job failed: ${(e as Error).message}`);
    return { turns: [], seconds: 0 };
  }
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const round = (x: number) => Math.round(x * 10) / 10;
const sum = (v: number[]) => v.reduce((a, b) => a + b, 0);
const mean = (v: number[]) => sum(v) / Math.max(1, v.length);

interface Row {
  file: string;
  der: number;
  errors: number;
  total: number;
  missed: number;
  falseAlarm: number;
  confusion: number;
  found: number;
  reference: number;
  rtf: number;
  derKnown: number;
  knownErrors: number;
}

/** The summary line of one detector's rows. */
function summarise(detector: SpeechDetector, rows: Row[]) {
  // The pooled group: the AMI excerpts, or with --held-out every held-out file (printed under the same keys).
  const ami = rows.filter((r) => HELD_OUT || r.file.startsWith('trn'));
  const sample = rows.find((r) => r.file === 'sample');
  const summary = {
    bench: 'speakers',
    engine: 'classic',
    detector,
    path: 'job',
    set: HELD_OUT ? 'held-out' : 'speakers',
    collar: 0.25,
    sample_der: sample ? Number(sample.der.toFixed(4)) : null,
    sample_speakers: sample ? `${sample.found}/${sample.reference}` : null,
    // Pooled as pyannote.metrics and md-eval report a corpus: all errors over all reference speech.
    ami_der_pooled: Number((sum(ami.map((r) => r.errors)) / sum(ami.map((r) => r.total))).toFixed(4)),
    ami_seconds: {
      missed: round(sum(ami.map((r) => r.missed))),
      false_alarm: round(sum(ami.map((r) => r.falseAlarm))),
      confusion: round(sum(ami.map((r) => r.confusion))),
      reference: round(sum(ami.map((r) => r.total))),
    },
    ami_der_pooled_count_given: Number((sum(ami.map((r) => r.knownErrors)) / sum(ami.map((r) => r.total))).toFixed(4)),
    ami_der_mean_of_files: Number(mean(ami.map((r) => r.der)).toFixed(4)),
    ami_count_right: `${ami.filter((r) => r.found === r.reference).length}/${ami.length}`,
    rtf_mean: Number(mean(rows.map((r) => r.rtf)).toFixed(4)),
    rtf_max: Number(Math.max(...rows.map((r) => r.rtf)).toFixed(4)),
  };
  console.log(
    `${detector}: sample.wav DER ${summary.sample_der === null ? '-' : pct(summary.sample_der)} (speakers ${summary.sample_speakers}); ` +
      `${HELD_OUT ? 'held-out' : 'AMI'} DER ${pct(summary.ami_der_pooled)} pooled (count given: ${pct(summary.ami_der_pooled_count_given)}; ` +
      `mean of files ${pct(summary.ami_der_mean_of_files)}), missed ${summary.ami_seconds.missed} s, false alarm ` +
      `${summary.ami_seconds.false_alarm} s, count right on ${summary.ami_count_right}; RTF mean ${summary.rtf_mean}, max ${summary.rtf_max}`,
  );
  return summary;
}

/** `work`: a folder for the jobs' outputs (and the held-out set's files with --held-out, unless `heldOutDir`). */
async function main(work: string, heldOutDir?: string) {
  let cases: Case[];
  if (HELD_OUT) {
    const dir = heldOutDir ?? path.join(work, 'held-out');
    await buildHeldOut(TESTDATA, dir);
    cases = await benchCases(dir);
  } else cases = await benchCases(DIR);
  const rows = new Map<SpeechDetector, Row[]>(DETECTORS.map((d) => [d, []]));
  const lines = new Map<SpeechDetector, string[]>(DETECTORS.map((d) => [d, []]));
  for (const c of cases) {
    const layout = await readWavLayout(c.wav);
    const duration = layout.frames / layout.rate;
    const saved = memoryArtifacts();
    const out = path.join(work, c.id);
    // The first run is the job itself (every stage, the default detector); the others re-run its speakers stage.
    const first = await jobSpeakers(c, saved, false, DETECTORS[0], undefined, out);
    const count = new Set(c.reference.map((t) => t.speaker)).size;
    for (const detector of DETECTORS) {
      const auto = detector === DETECTORS[0] ? first : await jobSpeakers(c, saved, true, detector, undefined, out);
      const told = await jobSpeakers(c, saved, true, detector, Math.max(1, count), out);
      const r = diarizationErrorRate(c.reference, auto.turns, { collar: 0.25, uem: c.uem });
      const known = diarizationErrorRate(c.reference, told.turns, { collar: 0.25, uem: c.uem });
      const found = new Set(auto.turns.map((t) => t.speaker)).size;
      const rtf = auto.seconds / duration;
      rows.get(detector)!.push({
        file: c.id,
        der: r.der,
        errors: r.der * r.total,
        total: r.total,
        missed: r.missed,
        falseAlarm: r.falseAlarm,
        confusion: r.confusion,
        found,
        reference: count,
        rtf,
        derKnown: known.der,
        knownErrors: known.der * known.total,
      });
      lines
        .get(detector)!
        .push(
          `${c.id.padEnd(15)}  ${pct(r.der).padStart(6)}  ${r.missed.toFixed(1).padStart(4)}  ${r.falseAlarm.toFixed(1).padStart(4)}  ${r.confusion.toFixed(1).padStart(4)}  ${`${found}/${count}`.padStart(19)}  ${pct(known.der).padStart(16)}  ${rtf.toFixed(3)}`,
        );
    }
  }
  const summaries = [];
  for (const d of DETECTORS) {
    console.log(`\nspeech detector: ${d} (speakers stage of the job)`);
    console.log('file             DER     miss  FA    conf  speakers(found/ref)  DER(count given)  RTF');
    for (const l of lines.get(d)!) console.log(l);
  }
  console.log('');
  for (const d of DETECTORS) summaries.push(summarise(d, rows.get(d)!));
  for (const s of summaries) console.log(JSON.stringify(s));
}

const work = await mkdtemp(path.join(tmpdir(), 'bench-speakers-'));
try {
  await main(work, HELD_OUT ? process.argv[3] : undefined);
} finally {
  await rm(work, { recursive: true, force: true });
}
