/**
 * The user's own subtitles or transcript on Auto-detect (issue 13): their language is identified from their
 * text, which takes enough of it. The server's rule (server/src/media/language-id.ts, measured on the NTREX-128
 * references) and the studio's warning before Start (issue 22 item 10) share these numbers.
 */

/**
 * Letters needed before an answer: a Latin-script language needs about one long sentence (100 letters); a
 * language told apart by its script alone (Arabic, Devanagari, Hangul, Han, kana) a phrase (20 letters).
 */
export const OWN_WORDS_MIN_LETTERS = { latin: 100, script: 20 } as const;

/** Letters of the scripts that name their language alone. */
const OWN_SCRIPT =
  /[\p{Script=Arabic}\p{Script=Devanagari}\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** The words of a subtitle file's text: cue numbers, timings, the WEBVTT header, NOTE/STYLE blocks and tags left out. */
export function ownWordsText(raw: string, extension: string): string {
  if (!['srt', 'vtt'].includes(extension.toLowerCase())) return raw;
  const kept: string[] = [];
  let skipping = false;
  for (const line of raw.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === '') {
      skipping = false;
      continue;
    }
    if (/^(NOTE|STYLE|REGION)\b/.test(trimmed)) skipping = true;
    if (skipping || trimmed.includes('-->') || /^\d+$/.test(trimmed) || /^WEBVTT\b/.test(trimmed)) continue;
    kept.push(trimmed.replace(/<[^>]*>/g, ''));
  }
  return kept.join(' ');
}

/**
 * True when `text` has too few letters for its language to be identified (OWN_WORDS_MIN_LETTERS): fewer than 20,
 * or fewer than 100 without any letter of a script that names its language.
 */
export function tooShortToIdentify(text: string): boolean {
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  if (letters < OWN_WORDS_MIN_LETTERS.script) return true;
  return letters < OWN_WORDS_MIN_LETTERS.latin && !OWN_SCRIPT.test(text);
}

/** The extensions a subtitles-or-transcript file may have (the server refuses others: SOURCE_SUBTITLES_INVALID). */
export const OWN_WORDS_EXTENSIONS = ['srt', 'vtt', 'txt'] as const;

/** True when `filename` ends in one of OWN_WORDS_EXTENSIONS (any case). */
export function isOwnWordsFile(filename: string): boolean {
  const dot = filename.lastIndexOf('.');
  return dot > 0 && (OWN_WORDS_EXTENSIONS as readonly string[]).includes(filename.slice(dot + 1).toLowerCase());
}

/**
 * A cue may end this much after the media, seconds (players round the last frame): the server's rule in
 * server/src/media/subtitle-import.ts `fitCuesToMedia` (SUBTITLE_TIMES_OUTSIDE_MEDIA), kept at the same number.
 */
export const OWN_WORDS_END_TOLERANCE = 0.5;

// The timing line of a SubRip or WebVTT cue, as the server reads it ("00:00:01,000 --> 00:00:02,500", "01:02.5").
const TIME = /(?:(\d+):)?(\d{1,2}):(\d{2})[,.](\d{1,3})/;
const TIMING = new RegExp(`^\\s*${TIME.source}\\s*-->\\s*${TIME.source}`);
const secondsOf = (h: string | undefined, m: string, s: string, ms: string) =>
  (Number(h ?? 0) * 3_600_000 + Number(m) * 60_000 + Number(s) * 1000 + Number(ms.padEnd(3, '0'))) / 1000;

/**
 * The latest start and latest end of the cues of a subtitle file's text (seconds), or null for a transcript
 * (`extension` other than srt/vtt) or a file without timing lines.
 */
export function ownWordsTimes(raw: string, extension: string): { lastStart: number; lastEnd: number } | null {
  if (!['srt', 'vtt'].includes(extension.toLowerCase())) return null;
  let lastStart = -1;
  let lastEnd = -1;
  for (const line of raw.split(/\r?\n/)) {
    const m = TIMING.exec(line);
    if (!m) continue;
    lastStart = Math.max(lastStart, secondsOf(m[1], m[2], m[3], m[4]));
    lastEnd = Math.max(lastEnd, secondsOf(m[5], m[6], m[7], m[8]));
  }
  return lastStart < 0 ? null : { lastStart, lastEnd };
}

/**
 * True when cues timed up to `times` do not fit media `mediaSeconds` long: a cue starts at or after its end, or
 * ends more than OWN_WORDS_END_TOLERANCE after it (the server then refuses the job with
 * SUBTITLE_TIMES_OUTSIDE_MEDIA, uncharged).
 */
export function pastMediaEnd(times: { lastStart: number; lastEnd: number }, mediaSeconds: number): boolean {
  return times.lastStart >= mediaSeconds || times.lastEnd > mediaSeconds + OWN_WORDS_END_TOLERANCE;
}
