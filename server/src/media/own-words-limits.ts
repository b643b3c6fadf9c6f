/**
 * Bounds of the user's own words for a media job (`source_subtitles_url`, issue 24 items 5 and 9): the work a
 * job does on them (parsing, re-cutting, auto-sync) grows with the text, while its price grows with the media's
 * length, so the text is bounded by the media's length. Checked when the job is submitted (jobs.service.ts, a
 * 422 before any credit is reserved) and again when the own-words stage runs (a job queued before these rules).
 *
 * Sources of the numbers (Netflix Timed Text Style Guide, General Requirements):
 * - a subtitle is at most 2 lines of at most 42 characters (84 characters); a cue that breaks the rules is re-cut
 *   (subtitle-import.ts), so a file written to another house style (3 lines, longer lines) is still read, up to
 *   twice the Netflix cue (MAX_CUE_CHARACTERS);
 * - a subtitle stays on screen at least 5/6 s (20 frames), so a gapless track holds at most 72 cues per minute
 *   of media (MAX_CUES_PER_MINUTE);
 * - adult reading speed is at most 20 characters per second; a transcript (.txt, timed by auto-sync, whose work
 *   grows with its text) may be a verbatim record of fast speech, so it may run a quarter faster
 *   (MAX_CHARACTERS_PER_SECOND), with a floor for short clips (issue 24 item 9: a 5,600-word .txt on an 11 s
 *   video ran for minutes on a 1-credit price). A subtitle file is bounded by its cues (each re-cut in its time).
 */
import { MediaError } from './media-error.ts';
import type { SourceWords } from './subtitle-import.ts';

/** Largest own-words file, bytes (a feature film's .srt is 100-200 KB). */
export const MAX_OWN_WORDS_BYTES = 1024 * 1024;
/** Netflix Timed Text Style Guide: at most 42 characters per line and 2 lines per subtitle. */
export const NETFLIX_LINE_CHARACTERS = 42;
export const NETFLIX_LINES = 2;
/** Longest cue read, characters (its lines joined): twice a Netflix subtitle. */
export const MAX_CUE_CHARACTERS = 2 * NETFLIX_LINES * NETFLIX_LINE_CHARACTERS;
/** Netflix minimum duration 5/6 s: at most 72 back-to-back cues per minute of media. */
export const MAX_CUES_PER_MINUTE = 60 / (5 / 6);
/** Cues any media may have, however short (a 5 s clip may hold a few short lines). */
export const MIN_CUES_ALLOWED = 10;

/** Transcript text per second of media, characters: a quarter above Netflix's 20 characters a second. */
export const MAX_CHARACTERS_PER_SECOND = 25;
/** Transcript text any media may have, however short, characters. */
export const MIN_CHARACTERS_ALLOWED = 250;

/** The most characters a transcript may have on media of `seconds`. */
export const maxCharactersFor = (seconds: number) =>
  Math.max(MIN_CHARACTERS_ALLOWED, Math.ceil(seconds * MAX_CHARACTERS_PER_SECOND));

/** The most cues own words may have on media of `seconds`. */
export const maxCuesFor = (seconds: number) =>
  Math.max(MIN_CUES_ALLOWED, Math.ceil((seconds / 60) * MAX_CUES_PER_MINUTE));

/**
 * Refuses a file larger than MAX_OWN_WORDS_BYTES before it is read.
 * @throws MediaError OWN_WORDS_TOO_LARGE
 */
export function checkOwnWordsBytes(bytes: number): void {
  if (bytes > MAX_OWN_WORDS_BYTES)
    throw new MediaError(
      'OWN_WORDS_TOO_LARGE',
      `The subtitle or transcript file is ${bytes} bytes; at most ${MAX_OWN_WORDS_BYTES} bytes (1 MB) are accepted.`,
    );
}

/** Characters of a text as a reader counts them (code points, white space runs as one). */
const characters = (text: string) => [...text.replace(/\s+/g, ' ').trim()].length;

/**
 * Checks the words read from a file against the media's length (`mediaSeconds`).
 * @throws MediaError OWN_WORDS_CUE_TOO_LONG (naming the first cue over MAX_CUE_CHARACTERS),
 *         OWN_WORDS_TOO_MANY_CUES (more than maxCuesFor), OWN_WORDS_TOO_MUCH_TEXT (a transcript over maxCharactersFor).
 */
export function checkOwnWords(words: SourceWords, mediaSeconds: number): void {
  if (words.kind === 'transcript') {
    const total = characters(words.text);
    const allowed = maxCharactersFor(mediaSeconds);
    if (total > allowed)
      throw new MediaError(
        'OWN_WORDS_TOO_MUCH_TEXT',
        `The transcript holds ${total} characters; ${mediaSeconds.toFixed(1)} s of media take at most ${allowed} (${MAX_CHARACTERS_PER_SECOND} a second).`,
      );
    return;
  }
  const allowed = maxCuesFor(mediaSeconds);
  if (words.cues.length > allowed)
    throw new MediaError(
      'OWN_WORDS_TOO_MANY_CUES',
      `The subtitle file has ${words.cues.length} cues; ${mediaSeconds.toFixed(1)} s of media take at most ${allowed} (${MAX_CUES_PER_MINUTE} a minute).`,
    );
  for (const [i, cue] of words.cues.entries()) {
    const n = characters(cue.lines.join(' '));
    if (n > MAX_CUE_CHARACTERS)
      throw new MediaError(
        'OWN_WORDS_CUE_TOO_LONG',
        `Cue ${i + 1} of the subtitle file has ${n} characters; a cue has at most ${MAX_CUE_CHARACTERS}.`,
      );
  }
}
