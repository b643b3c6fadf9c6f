/**
 * Stage transcribe: the recogniser's words with times (artifact `transcript.json`), the source language settled
 * (detected, assumed or requested) and its note. A restored transcript never runs the recogniser again. A fast
 * voice-activity check (voice-activity.ts) runs first: audio with no speech fails at once, before the recogniser
 * spends minutes on it, and the failed job's credits are given back.
 * @throws MediaError NO_SPEECH, ENGINE_FAILED.
 */
import { languageLabel, normaliseLanguage } from '../../../../contract/languages.ts';
import type { JobNote } from '../../../../contract/jobs.ts';
import { MediaError } from '../media-error.ts';
import { dropFillers } from '../sentences.ts';
import { measureVoiceActivity, MIN_SPEECH_SECONDS } from '../voice-activity.ts';
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

function settle(s: RunState, t: SavedTranscript): void {
  s.transcript = t;
  s.source = t.source;
  s.engines.speech = s.plan.speech!.id;
  const note = languageNote(s, t);
  if (note) s.notes.push(note);
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
    const activity = await measureVoiceActivity(wav, s.req.signal);
    if (activity.activeSeconds < MIN_SPEECH_SECONDS)
      throw new MediaError(
        'NO_SPEECH',
        'No speech was recognised in the audio: it is silent or holds only steady noise.',
        `voice-activity check: ${activity.activeSeconds.toFixed(2)} s active of ${activity.durationSeconds.toFixed(1)} s ` +
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
    const t: SavedTranscript = { ...raw, source };
    await s.artifacts.writeJson('transcript.json', t);
    settle(s, t);
  },
};
