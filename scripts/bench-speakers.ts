/**
 * `npm run bench:speakers`: accuracy and speed of the local speaker engine (server/src/media/speakers) on
 * ../shared/testdata/speakers (issue 19). For each WAV with reference turns (sample.rttm, ami-train.rttm): the
 * diarization error rate (DER: missed + false alarm + confusion over reference speech, 0.25 s collar on each side
 * of every reference boundary, within the .uem region when given; der.ts), the number of speakers found against
 * the reference's, and the real-time factor (stage seconds / audio seconds) with the count on Auto. Prints a
 * table, the averages, then one JSON line. Goals: DER <= 15 % on sample.wav, <= 40 % averaged over the AMI
 * excerpts, the count right on sample.wav and on 6 of the 9 AMI files, RTF <= 0.05. A measurement: it never fails.
 * `--held-out [DIR]`: the same figures on the held-out set of scripts/lib/held-out-speakers.ts instead (1-4 voices
 * of other shared recordings, with one-word interjections), written to DIR (default: a temporary directory).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildHeldOut } from './lib/held-out-speakers.ts';
import { readWav, durationOf, type MonoAudio } from '../server/src/media/wav.ts';
import { diarizeClassic } from '../server/src/media/speakers/classic.ts';
import { diarizationErrorRate, parseRttm, parseUem, type SpeakerTurn } from '../server/src/media/speakers/der.ts';

const TESTDATA = path.join(import.meta.dirname, '../../shared/testdata');
const HELD_OUT = process.argv[2] === '--held-out';
const DIR = path.resolve((!HELD_OUT && process.argv[2]) || path.join(TESTDATA, 'speakers'));

/** One recording to score: audio, reference turns, and the scored region when given. */
interface Case {
  id: string;
  audio: MonoAudio;
  reference: SpeakerTurn[];
  uem?: { start: number; end: number }[];
}

/** The bench's files: each WAV of DIR with its reference turns (none: silence) and scored region. */
async function benchCases(): Promise<Case[]> {
  const refs = (await readAll('.rttm', parseRttm)) as Map<string, SpeakerTurn[]>;
  const uems = (await readAll('.uem', parseUem)) as Map<string, { start: number; end: number }[]>;
  const cases: Case[] = [];
  for (const name of (await readdir(DIR)).filter((n) => n.endsWith('.wav')).sort()) {
    const id = name.replace(/\.wav$/, '');
    cases.push({ id, audio: await readWav(path.join(DIR, name)), reference: refs.get(id) ?? [], uem: uems.get(id) });
  }
  return cases;
}

async function readAll(ext: string, parse: (t: string) => Map<string, unknown>) {
  const out = new Map<string, unknown>();
  for (const f of (await readdir(DIR)).filter((n) => n.endsWith(ext)))
    for (const [k, v] of parse(await readFile(path.join(DIR, f), 'utf8'))) out.set(k, v);
  return out;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const round = (x: number) => Math.round(x * 10) / 10;
const sum = (v: number[]) => v.reduce((a, b) => a + b, 0);
const mean = (v: number[]) => sum(v) / Math.max(1, v.length);

/** `heldOutDir`: where the held-out set is built (with --held-out). */
async function main(heldOutDir?: string) {
  const cases: Case[] = heldOutDir ? await buildHeldOut(TESTDATA, heldOutDir) : await benchCases();
  const rows: {
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
  }[] = [];
  console.log('file             DER     miss  FA    conf  speakers(found/ref)  DER(count given)  RTF');
  for (const { id, audio, reference, uem } of cases) {
    const t0 = performance.now();
    const turns = diarizeClassic(audio);
    const rtf = (performance.now() - t0) / 1000 / durationOf(audio);
    const count = new Set(reference.map((t) => t.speaker)).size;
    const r = diarizationErrorRate(reference, turns, { collar: 0.25, uem });
    const known = diarizationErrorRate(reference, diarizeClassic(audio, { numSpeakers: Math.max(1, count) }), {
      collar: 0.25,
      uem,
    });
    const found = new Set(turns.map((t) => t.speaker)).size;
    rows.push({
      file: id,
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
    console.log(
      `${id.padEnd(15)}  ${pct(r.der).padStart(6)}  ${r.missed.toFixed(1).padStart(4)}  ${r.falseAlarm.toFixed(1).padStart(4)}  ${r.confusion.toFixed(1).padStart(4)}  ${`${found}/${count}`.padStart(19)}  ${pct(known.der).padStart(16)}  ${rtf.toFixed(3)}`,
    );
  }
  // The pooled group: the AMI excerpts, or with --held-out every held-out file (printed under the same keys).
  const ami = rows.filter((r) => HELD_OUT || r.file.startsWith('trn'));
  const sample = rows.find((r) => r.file === 'sample');
  const summary = {
    bench: 'speakers',
    engine: 'classic',
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
    `\nsample.wav DER ${summary.sample_der === null ? '-' : pct(summary.sample_der)} (speakers ${summary.sample_speakers}); ` +
      `${HELD_OUT ? 'held-out' : 'AMI'} DER ${pct(summary.ami_der_pooled)} pooled (count given: ${pct(summary.ami_der_pooled_count_given)}; ` +
      `mean of files ${pct(summary.ami_der_mean_of_files)}), ` +
      `count right on ${summary.ami_count_right}; RTF mean ${summary.rtf_mean}, max ${summary.rtf_max}`,
  );
  console.log(JSON.stringify(summary));
}

// The held-out set is built into the folder given after --held-out, else into a temporary one removed afterwards.
const tempDir = HELD_OUT && !process.argv[3] ? await mkdtemp(path.join(tmpdir(), 'held-out-speakers-')) : undefined;
try {
  await main(HELD_OUT ? (process.argv[3] ?? tempDir) : undefined);
} finally {
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
}
