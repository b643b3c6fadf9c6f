/**
 * Stage extract (reported as 'probe'): the speech as a 16 kHz mono WAV in the run's temp folder, for the
 * recogniser. Skipped when the transcript was restored. Nothing saved (the WAV is cheap to make again).
 * @throws MediaError FFMPEG_FAILED.
 */
import path from 'node:path';
import { extractSpeechWav } from '../probe.ts';
import type { StageModule } from './stage.ts';

export const extractStage: StageModule = {
  name: 'extract',
  stage: 'probe',
  // Own words: an imported subtitle file needs no WAV, a transcript does (auto-sync).
  runsWhen: (s) => !s.transcript && (!s.req.ownWords || s.req.ownWords.extension === 'txt'),
  async run(s) {
    const wav = path.join(s.work, 'speech.wav');
    await extractSpeechWav(s.req.inputPath, wav, s.req.signal);
    s.wavPath = wav;
  },
};
