/**
 * Stage speakers (issue 19), after transcribe (or the user's own words) and before cues: who speaks when. The
 * plan's speakers engine (the local classic one by default; OpenAI or ElevenLabs when configured) gives speaker
 * turns; the speakers are renamed `S1`, `S2` … in order of first appearance and every transcript word gets the
 * speaker of the turn it overlaps most (the nearest turn when it overlaps none). Artifact `speakers.json`
 * (SpeakerTrack, stage.ts). Skipped when the request says one speaker (`num_speakers` 1) or no speakers engine is
 * configured.
 * @throws MediaError ENGINE_FAILED.
 */
import type { SpeakerTurn } from '../../engines/speakers.engine.ts';
import type { RecognisedWord } from '../../engines/speech.engine.ts';
import { medianPitch } from '../../audio/speaker-features.ts';
import { medianPitchesOfWav } from '../../audio/pitch-of-wav.ts';
import { readWav, readWavLayout, type MonoAudio } from '../../audio/wav.ts';
import { need, viaEngine, type RunState, type SpeakerTrack, type SpeakerWord, type StageModule } from './stage.ts';

export const SPEAKERS_ARTIFACT = 'speakers.json';

/** Each speaker's median pitch over its turns, Hz (0 when nothing was voiced). */
export function speakerPitches(audio: MonoAudio, turns: readonly SpeakerTurn[]): Record<string, number> {
  const ids = [...new Set(turns.map((t) => t.speaker))];
  return Object.fromEntries(
    ids.map((id) => [
      id,
      Math.round(
        medianPitch(
          audio,
          turns.filter((t) => t.speaker === id),
        ),
      ),
    ]),
  );
}

/**
 * `speakerPitches` of the WAV file at `wavPath`: the pipeline's 16 kHz mono WAV read a block at a time
 * (audio/pitch-of-wav.ts; issue 25: memory holds one block, not the recording), any other read whole.
 * @throws Error when the file is not PCM WAV; the signal's reason when aborted.
 */
export async function speakerPitchesOfWav(
  wavPath: string,
  turns: readonly SpeakerTurn[],
  signal?: AbortSignal,
): Promise<Record<string, number>> {
  const layout = await readWavLayout(wavPath);
  if (layout.rate !== 16000 || layout.channels !== 1 || layout.bits !== 16 || layout.format !== 1)
    return speakerPitches(await readWav(wavPath), turns);
  const groups: Record<string, SpeakerTurn[]> = {};
  for (const t of turns) (groups[t.speaker] ??= []).push(t);
  const pitch = await medianPitchesOfWav(wavPath, groups, signal);
  return Object.fromEntries(Object.entries(pitch).map(([id, hz]) => [id, Math.round(hz)]));
}

/** Whether the run diarizes: not for one speaker, and only with a speakers engine. */
export const diarizes = (s: RunState) => s.req.numSpeakers !== 1 && !!s.plan.speakers;

/** The speakers of a run in order of first appearance with their median pitch (Hz); none when the stage was skipped. */
export function speakersOf(s: Pick<RunState, 'speakers'>): { id: string; pitch: number }[] {
  const ids = [...new Set((s.speakers?.turns ?? []).map((t) => t.speaker))];
  return ids.map((id) => ({ id, pitch: s.speakers?.pitch?.[id] ?? 0 }));
}

/** Renames the speakers `S1`, `S2` … by first appearance; turns in time order. */
export function renameSpeakers(turns: readonly SpeakerTurn[]): SpeakerTurn[] {
  const names = new Map<string, string>();
  return [...turns]
    .sort((a, b) => a.start - b.start || a.end - b.end)
    .map((t) => {
      if (!names.has(t.speaker)) names.set(t.speaker, `S${names.size + 1}`);
      return { start: t.start, end: t.end, speaker: names.get(t.speaker)! };
    });
}

/** The speaker of the turn a word overlaps most, else of the nearest turn; '' when there are no turns. */
export function speakerAt(turns: readonly SpeakerTurn[], start: number, end: number): string {
  let best = '';
  let bestScore = -Infinity;
  for (const t of turns) {
    const overlap = Math.min(end, t.end) - Math.max(start, t.start);
    // A negative overlap is the distance to the turn: the nearest wins when none overlaps.
    if (overlap > bestScore) [best, bestScore] = [t.speaker, overlap];
  }
  return best;
}

/** Each word with its speaker. */
export function wordsWithSpeakers(turns: readonly SpeakerTurn[], words: readonly RecognisedWord[]): SpeakerWord[] {
  return words.map((w) => ({ text: w.text, start: w.start, end: w.end, speaker: speakerAt(turns, w.start, w.end) }));
}

export const speakersStage: StageModule = {
  name: 'speakers',
  stage: 'speakers',
  runsWhen: diarizes,
  async restore(s) {
    if (!diarizes(s)) return true;
    const saved = await s.artifacts.readJson<SpeakerTrack>(SPEAKERS_ARTIFACT);
    if (saved) {
      s.speakers = saved;
      s.engines.speakers = saved.engine;
    }
    return !!saved;
  },
  async run(s) {
    const engine = need(s.plan.speakers, 'the speakers engine');
    const wav = need(s.wavPath, 'the speech WAV');
    const words = s.transcript?.words ?? [];
    const turns = await viaEngine(s, 'speakers', engine.id, () =>
      engine.diarize(wav, {
        numSpeakers: s.req.numSpeakers,
        words,
        language: s.source ?? s.plan.sourceLanguage,
        signal: s.req.signal,
      }),
    );
    const renamed = renameSpeakers(turns);
    const track: SpeakerTrack = {
      engine: engine.id,
      turns: renamed,
      words: wordsWithSpeakers(renamed, words),
      pitch: await speakerPitchesOfWav(wav, renamed, s.req.signal),
    };
    await s.artifacts.writeJson(SPEAKERS_ARTIFACT, track);
    s.speakers = track;
    s.engines.speakers = engine.id;
  },
};
