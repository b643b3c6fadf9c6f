/**
 * Voice cloning for the voice-over (issue 21 item 4, "Use the speakers' own voices"): a job asking `voice_clone`
 * gets, for each speaker (stages/speakers.ts; one speaker `S1` when that stage was skipped), an instant clone made
 * by the voice engine from that speaker's cleanest speech: their longest turns first, joined up to
 * CLONE_SAMPLE_MAX_SECONDS (ElevenLabs recommends 1-2 minutes of clean audio for instant cloning; 30-90 s is the
 * issue's range). A speaker with under CLONE_SAMPLE_MIN_SECONDS of speech keeps a regular voice and the job gets a
 * VOICE_CLONE_SKIPPED note. The clone ids are saved as the artifact `voice-clones.json` (a retry and a re-dub
 * reuse them; deleting the job deletes them through the API).
 */
import path from 'node:path';
import type { VoiceEngine } from '../engines/voice.engine.ts';
import type { JobNote } from '../../../contract/jobs.ts';
import type { ArtifactStore } from './artifacts.ts';
import { extractSpeechWav } from './probe.ts';
import { readWav, writeWav } from '../audio/wav.ts';
import type { DubSegment } from './dub-segments.ts';
import type { RunState } from './stages/stage.ts';

export const VOICE_CLONES_ARTIFACT = 'voice-clones.json';
/** Most seconds of a speaker's speech sent to be cloned. */
export const CLONE_SAMPLE_MAX_SECONDS = 90;
/** Least seconds of speech a speaker needs to be cloned; under it the speaker keeps a regular voice. */
export const CLONE_SAMPLE_MIN_SECONDS = 10;
/** The speaker id of a run whose speakers stage was skipped (one speaker). */
export const SOLE_SPEAKER = 'S1';
/** Turns of the sole speaker: words closer than this (seconds) join one turn. */
const TURN_GAP_SECONDS = 0.8;

/** The clones artifact: the engine that made them, the voice id per speaker, and speakers not cloned (seconds of speech). */
export interface SavedClones {
  engine: string;
  clones: Record<string, string>;
  skipped: Record<string, number>;
  /** Every speaker was cloned or skipped (false while a try was still cloning: a retry clones the rest). */
  complete?: boolean;
}

type Span = { start: number; end: number };

/**
 * The spans cut for a clone: `turns` (seconds) longest first, the last one shortened so they add up to at most
 * `max` seconds. Empty when they add up to less than `min` seconds.
 */
export function cloneSample(turns: readonly Span[], min = CLONE_SAMPLE_MIN_SECONDS, max = CLONE_SAMPLE_MAX_SECONDS) {
  const picked: Span[] = [];
  let total = 0;
  for (const t of [...turns].sort((a, b) => b.end - b.start - (a.end - a.start))) {
    if (total >= max) break;
    const take = Math.min(t.end - t.start, max - total);
    if (take <= 0) continue;
    picked.push({ start: t.start, end: t.start + take });
    total += take;
  }
  return total + 1e-9 < min ? { spans: [] as Span[], seconds: total } : { spans: picked, seconds: total };
}

/** Speech turns of the run per speaker: the speakers stage's, else one speaker over the transcript's words. */
function turnsBySpeaker(s: RunState, duration: number): Map<string, Span[]> {
  const out = new Map<string, Span[]>();
  if (s.speakers?.turns.length) {
    for (const t of s.speakers.turns) out.set(t.speaker, [...(out.get(t.speaker) ?? []), t]);
    return out;
  }
  const words = s.transcript?.words.length ? s.transcript.words : (s.sourceCues?.cues ?? []);
  const turns: Span[] = [];
  for (const w of words) {
    const last = turns.at(-1);
    if (last && w.start - last.end < TURN_GAP_SECONDS) last.end = Math.max(last.end, w.end);
    else turns.push({ start: w.start, end: w.end });
  }
  out.set(SOLE_SPEAKER, turns.length ? turns : [{ start: 0, end: duration }]);
  return out;
}

/**
 * The run's clones: the saved artifact when there is one from `engine`, else one clone per speaker made now and
 * saved. Notes VOICE_CLONE_SKIPPED for each speaker with too little speech.
 * @throws the engine's error (the caller's viaEngine makes it ENGINE_FAILED); FFMPEG_FAILED extracting the speech.
 */
export async function speakerClones(s: RunState, engine: VoiceEngine, duration: number): Promise<SavedClones> {
  const saved = await s.artifacts.readJson<SavedClones>(VOICE_CLONES_ARTIFACT);
  const mine = saved?.engine === engine.id ? saved : null;
  const result = mine?.complete ? mine : await makeClones(s, engine, duration, mine);
  for (const [speaker, seconds] of Object.entries(result.skipped)) s.notes.push(cloneSkippedNote(speaker, seconds));
  return result;
}

/** Clones every speaker not in `before` (the clones a failed try already made, reused). */
async function makeClones(
  s: RunState,
  engine: VoiceEngine,
  duration: number,
  before: SavedClones | null,
): Promise<SavedClones> {
  if (!engine.cloneVoice) throw new Error(`${engine.id} cannot clone voices`);
  let wav = s.wavPath;
  if (!wav) {
    wav = path.join(s.work, 'speech.wav');
    await extractSpeechWav(s.req.inputPath, wav, s.req.signal);
    s.wavPath = wav;
  }
  const audio = await readWav(wav);
  const result: SavedClones = { engine: engine.id, clones: { ...before?.clones }, skipped: {} };
  for (const [speaker, turns] of turnsBySpeaker(s, duration)) {
    if (result.clones[speaker]) continue;
    const cut = cloneSample(turns);
    if (!cut.spans.length) {
      result.skipped[speaker] = Math.round(cut.seconds * 10) / 10;
      continue;
    }
    const parts = cut.spans.map((t) =>
      audio.samples.subarray(Math.round(t.start * audio.rate), Math.round(t.end * audio.rate)),
    );
    const samples = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      samples.set(p, at);
      at += p.length;
    }
    const sample = path.join(s.work, `clone-${speaker}.wav`);
    await writeWav(sample, { ...audio, samples });
    result.clones[speaker] = await engine.cloneVoice(
      sample,
      `Tarjama ${s.req.baseName || 'job'} ${speaker}`,
      s.req.signal,
    );
    // Saved after each clone: a failure later still leaves every made clone findable (and deleted with the job).
    await s.artifacts.writeJson(VOICE_CLONES_ARTIFACT, result);
  }
  result.complete = true;
  await s.artifacts.writeJson(VOICE_CLONES_ARTIFACT, result);
  return result;
}

/** The segments with each cloned speaker's clone as their voice (a segment with no speaker is the sole speaker's). */
export function withClones(segments: DubSegment[], saved: SavedClones | null): DubSegment[] {
  if (!saved) return segments;
  return segments.map((x) => {
    const id = saved.clones[x.speaker ?? SOLE_SPEAKER];
    return id ? { ...x, voice: id } : x;
  });
}

/** The saved clones of a job's artifacts (null when it made none). */
export const savedClones = (artifacts: ArtifactStore) => artifacts.readJson<SavedClones>(VOICE_CLONES_ARTIFACT);

/** The job note of a speaker not cloned for too little speech (`seconds` of it). */
export function cloneSkippedNote(speaker: string, seconds: number): JobNote {
  return {
    code: 'VOICE_CLONE_SKIPPED',
    text: `Speaker ${speaker} speaks for ${seconds} s, less than the ${CLONE_SAMPLE_MIN_SECONDS} s needed to clone a voice: a regular voice dubbed them.`,
    params: { speaker, seconds },
  };
}
