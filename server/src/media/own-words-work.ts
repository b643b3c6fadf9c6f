/**
 * The computing of the own-words stage (stages/own-words.ts), in one function that runs on a worker thread
 * (own-words-thread.ts), never on the API's event loop: decoding and reading the file, checking it against the
 * media's length (own-words-limits.ts), then re-cutting the cues that break the rules (subtitle-import.ts) or
 * timing a transcript to the speech by auto-sync (sync/auto-sync.ts, espeak-ng child processes). Times in seconds.
 */
import { readFile, stat } from 'node:fs/promises';
import type { CueRules } from '../../../contract/cue-rules.ts';
import type { Cue } from '../../../contract/cues.ts';
import { cutCues, type TimedWord } from './cue-cutter.ts';
import { MediaError } from './media-error.ts';
import { checkOwnWords, checkOwnWordsBytes } from './own-words-limits.ts';
import { groupIntoSentences } from './sentences.ts';
import { cueWords, decodeWordsFile, fitCuesToMedia, readSourceWords, recutBrokenCues } from './subtitle-import.ts';
import { syncTranscript } from './sync/auto-sync.ts';

/** What the work needs: plain data, so it crosses to a worker thread. */
export interface OwnWordsInput {
  /** The local copy of the user's file, its extension ('srt', 'vtt', 'txt') and declared charset. */
  path: string;
  extension: string;
  charset?: string;
  /** Length of the media, seconds (probe). */
  durationSeconds: number;
  /** Source language (base code) and its cue rules (contract/cue-rules.ts rulesFor). */
  language: string;
  rules: CueRules;
  /** The speech WAV (extract stage) for auto-sync of a transcript, and a folder for its reference clips. */
  wavPath?: string;
  syncDir: string;
}

/** The source sentences and cues made of the user's words; `synced` when a transcript was timed by auto-sync. */
export interface OwnWordsOutput {
  sentences: TimedWord[][];
  cues: Cue[];
  synced: boolean;
}

/**
 * Reads, checks and times the user's words.
 * @throws MediaError SUBTITLE_ENCODING, NOT_A_SUBTITLE_FILE, SUBTITLE_BAD_TIMING, SUBTITLE_TIMES_OUTSIDE_MEDIA,
 *         TRANSCRIPT_EMPTY, OWN_WORDS_* (own-words-limits.ts), ENGINE_FAILED (espeak-ng during auto-sync); the
 *         signal's reason when aborted.
 */
export async function ownWordsWork(input: OwnWordsInput, signal?: AbortSignal): Promise<OwnWordsOutput> {
  checkOwnWordsBytes((await stat(input.path)).size);
  const words = readSourceWords(decodeWordsFile(await readFile(input.path), input.charset), input.extension);
  checkOwnWords(words, input.durationSeconds);
  const { language, rules } = input;
  if (words.kind === 'cues') {
    const cues = recutBrokenCues(fitCuesToMedia(words.cues, input.durationSeconds), language, rules);
    // One sentence per cue: each cue is translated and voiced in its own time, so target cues keep its times.
    return { sentences: cues.map((c) => cueWords(c, rules.joiner)), cues, synced: false };
  }
  if (!input.wavPath) throw new Error('Pipeline stage order: the speech WAV is not there yet.');
  let timed: TimedWord[];
  try {
    timed = await syncTranscript(input.wavPath, words.text, language, { signal, workDir: input.syncDir });
  } catch (e) {
    if (signal?.aborted) throw signal.reason;
    if (e instanceof MediaError) throw e;
    throw new MediaError(
      'ENGINE_FAILED',
      'The voice engine (espeak-ng) failed. Please try again later.',
      (e as Error).message,
    );
  }
  const sentences = groupIntoSentences(timed, []);
  return { sentences, cues: cutCues(sentences, language, rules), synced: true };
}
