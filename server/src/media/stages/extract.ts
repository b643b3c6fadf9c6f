/**
 * Stage extract (reported as 'probe'): the speech as a 16 kHz mono WAV in the run's temp folder, for the
 * recogniser and the speakers stage. Skipped when the transcript (and the speakers) were restored. Nothing saved (the WAV is cheap to make again).
 * @throws MediaError FFMPEG_FAILED.
 */
import path from 'node:path';
import { extractSpeechWav } from '../probe.ts';
import { diarizes } from './speakers.ts';
import type { StageModule } from './stage.ts';

export const extractStage: StageModule = {
  name: 'extract',
  stage: 'probe',
  // Own words: an imported subtitle file needs no WAV, a transcript does (auto-sync); the speakers stage does too.
  runsWhen: (s) =>
    (!s.transcript && (!s.req.ownWords || s.req.ownWords.extension === 'txt')) || (diarizes(s) && !s.speakers),
  async run(s) {
    const wav = path.join(s.work, 'speech.wav');
    await extractSpeechWav(s.req.inputPath, wav, s.req.signal);
    s.wavPath = wav;
  },
};
