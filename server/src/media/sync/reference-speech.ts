/**
 * The synthetic reference of a transcript for auto-sync: every word spoken by espeak-ng on its own (so each word's
 * place in the reference is known exactly), trimmed of espeak's own leading and trailing silence, and laid end to
 * end with short pauses (longer after clause and sentence punctuation) and silence at both ends, where the real
 * recording's pauses and lead-in can be matched. 16 kHz mono; times in seconds. espeak-ng speaks all 11 studio
 * languages (engines.md); Japanese goes through kana first as for the voice-over.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { punctuationStrength } from '../../../../contract/cue-rules.ts';
import { runProcess } from '../../engines/run-process.ts';
import { ESPEAK_VOICES } from '../../engines/voice/espeak.engine.ts';
import { japaneseToKana } from '../../engines/voice/japanese-kana.ts';
import { readWav, resample, trimSilence, type MonoAudio } from '../../audio/wav.ts';

/** Sample rate of the reference and of the recording features, Hz. */
export const SYNC_RATE = 16_000;
/** Silence before the first and after the last word, seconds. */
const EDGE_PAUSE = 0.3;
/** Pause between words: none, clause punctuation, sentence end. Seconds. */
const PAUSES = [0.04, 0.04, 0.2, 0.35];
/** espeak-ng processes at once (the machine's cores are shared with the other jobs). */
const PARALLEL = 2;

/**
 * The espeak-ng voices the reference speaks otherwise than the voice-over (engines/voice/espeak.engine.ts
 * ESPEAK_VOICES): Chinese in plain `cmn`, which reads Han characters, the script of the transcript (the
 * voice-over's pinyin voice does not); English in American `en-us`, the voice auto-sync was built and measured with
 * (`npm run bench:sync`), not the voice-over's British `en-gb`.
 */
const REFERENCE_VOICES: Readonly<Record<string, string>> = { en: 'en-us', zh: 'cmn' };

/** The espeak-ng voice of the reference for a studio language (base code); any other code is passed as it is. */
export const referenceVoice = (language: string): string =>
  REFERENCE_VOICES[language] ?? ESPEAK_VOICES[language] ?? language;

/** The reference: its audio and, per word, where it is spoken (seconds from the reference's start). */
export interface ReferenceSpeech {
  audio: MonoAudio;
  spans: { start: number; end: number }[];
}

/**
 * Speaks `words` (display words, punctuation attached) in `language` into `workDir` and assembles the reference.
 * @throws Error naming espeak-ng when it fails; the signal's reason when aborted.
 */
export async function synthesiseReference(
  words: string[],
  language: string,
  workDir: string,
  signal?: AbortSignal,
): Promise<ReferenceSpeech> {
  const voice = referenceVoice(language);
  await mkdir(workDir, { recursive: true });
  const clips: MonoAudio[] = [];
  let next = 0;
  const worker = async () => {
    while (next < words.length) {
      const k = next++;
      const spoken = language === 'ja' ? await japaneseToKana(words[k]) : words[k];
      const name = `w${k}.wav`;
      await runProcess('espeak-ng', ['-v', voice, '-w', name, '--stdin'], { input: spoken, signal, cwd: workDir });
      clips[k] = trimSilence(resample(await readWav(path.join(workDir, name)), SYNC_RATE), 0.01);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, words.length) }, worker));
  const pauseAfter = (k: number) => (k === words.length - 1 ? EDGE_PAUSE : PAUSES[punctuationStrength(words[k])]);
  const total = EDGE_PAUSE + clips.reduce((s, c, k) => s + c.samples.length / SYNC_RATE + pauseAfter(k), 0);
  const samples = new Float32Array(Math.ceil(total * SYNC_RATE) + 1);
  const spans: ReferenceSpeech['spans'] = [];
  let at = Math.round(EDGE_PAUSE * SYNC_RATE);
  clips.forEach((c, k) => {
    samples.set(c.samples, at);
    spans.push({ start: at / SYNC_RATE, end: (at + c.samples.length) / SYNC_RATE });
    at += c.samples.length + Math.round(pauseAfter(k) * SYNC_RATE);
  });
  return { audio: { rate: SYNC_RATE, samples }, spans };
}
