/**
 * Stage transcribe: the recogniser's words with times (artifact `transcript.json`), the source language settled
 * (detected, assumed or requested) and its note. A restored transcript never runs the recogniser again. A fast
 * voice-activity check (voice-activity.ts) runs first: audio with no speech fails at once, before the recogniser
 * spends minutes on it, and the failed job's credits are given back.
 * @throws MediaError NO_SPEECH, ENGINE_FAILED.
 */
import { languageLabel, normaliseLanguage } from '../../../../contract/languages.ts';
import type { JobNote } from '../../../../contract/jobs.ts';
import type { EngineFallback } from '../../engines/engine-fallback.ts';
import { MediaError } from '../media-error.ts';
import { dropFillers } from '../sentences.ts';
import { checkSpeech, MIN_SPEECH_SECONDS } from '../voice-activity.ts';
import { need, viaEngine, type RunState, type SavedTranscript, type StageModule } from './stage.ts';

function languageNote(s: RunState, t: SavedTranscript): JobNote | null {
  const speech = s.plan.speech!;
  if (s.plan.languageAssumed)
    return {
      code: 'LANGUAGE_ASSUMED',
      text: `The source language was assumed to be ${languageLabel(t.source)}: the speech engine (${speech.id}) cannot detect the language.`,
      params: { language: t.source },
    };
  if (t.detected)
    return {
      code: 'LANGUAGE_DETECTED',
      text: `Detected source language: ${languageLabel(t.source)}.`,
      params: { language: t.source },
    };
  return null;
}

/** The note of a recogniser that failed and passed the audio to the next (speech/fallback.ts). */
export function speechFallbackNote(source: string, f: EngineFallback): JobNote {
  return {
    code: 'SPEECH_ENGINE_FALLBACK',
    text: `The speech engine (${f.failed}) could not be used (${f.kind}), so ${f.next} recognised the ${languageLabel(source)} speech: its words may be less accurate.`,
    params: { language: source, engine: f.next, failed: f.failed, reason: f.kind },
  };
}

function settle(s: RunState, t: SavedTranscript): void {
  s.transcript = t;
  s.source = t.source;
  // The recogniser that answered (after any fallback); a restored transcript names it from its fallbacks.
  s.engines.speech = t.fallbacks?.at(-1)?.next ?? s.plan.speech!.id;
  const note = languageNote(s, t);
  if (note) s.notes.push(note);
  for (const f of t.fallbacks ?? []) s.notes.push(speechFallbackNote(t.source, f));
}

export const transcribeStage: StageModule = {
  name: 'transcribe',
  stage: 'transcribe',
  async restore(s) {
    const t = await s.artifacts.readJson<SavedTranscript>('transcript.json');
    if (t) settle(s, t);
    return !!t;
  },
  async run(s) {
    const speech = need(s.plan.speech, 'the speech engine');
    const wav = need(s.wavPath, 'the speech WAV');
    const activity = await checkSpeech(wav, s.req.signal);
    if (activity.activeSeconds < MIN_SPEECH_SECONDS)
      throw new MediaError(
        'NO_SPEECH',
        'No speech was recognised in the audio: it is silent or holds only steady noise.',
        `voice-activity check: ${activity.activeSeconds.toFixed(2)} s active of ` +
          `${activity.durationSeconds.toFixed(1)} s by the ${activity.detector} detector ` +
          `(noise floor ${activity.noiseFloorDbfs} dBFS); the recogniser was not run`,
      );
    const raw = await viaEngine(s, 'speech', speech.id, () =>
      speech.transcribe(wav, {
        language: s.plan.sourceLanguage,
        signal: s.req.signal,
        // The recogniser's pieces move the stage's share of the progress (issue 22, item 5).
        onProgress: (fraction) => s.progress('transcribe', fraction),
      }),
    );
    const source = s.plan.sourceLanguage === 'auto' ? normaliseLanguage(raw.language) : s.plan.sourceLanguage;
    if (!dropFillers(raw.words, source).length)
      throw new MediaError(
        'NO_SPEECH',
        `No speech was recognised in the audio (${languageLabel(source)}).`,
        `speech engine ${speech.id}`,
      );
    const fallbacks = s.plan.fallbacks.filter((f) => f.stage === 'speech');
    const t: SavedTranscript = { ...raw, source, ...(fallbacks.length ? { fallbacks } : {}) };
    await s.artifacts.writeJson('transcript.json', t);
    settle(s, t);
  },
};
