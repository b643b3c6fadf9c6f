/**
 * The user's own words for a media job (`source_subtitles_url`): an .srt or .vtt file (timed cues) or a .txt
 * transcript (no times; auto-sync times it, sync/auto-sync.ts). Decoding: a byte-order mark (UTF-8, UTF-16 LE/BE)
 * wins, else the declared charset of the upload (`text/plain; charset=windows-1256`), else strict UTF-8.
 * Checks (like documents): parsable, every cue ends after it starts, no cue after the media's end. Cues that
 * break the subtitle rules (contract/cue-rules.ts: line length, line count, reading speed, duration, gap) are
 * re-cut by the cue cutter; cues that keep them stay exactly as written. Times in seconds.
 * Formats: SubRip as common tools write it; W3C WebVTT (hours optional, cue settings and markup ignored).
 */
import { checkCues, type Cue } from '../../../contract/cues.ts';
import { type CueRules } from '../../../contract/cue-rules.ts';
import { cutCues, type TimedWord } from './cue-cutter.ts';
import { MediaError } from './media-error.ts';
import { tokenise } from './translation-fit.ts';

/** What the file holds: timed cues, or a plain transcript. */
export type SourceWords = { kind: 'cues'; format: 'srt' | 'vtt'; cues: Cue[] } | { kind: 'transcript'; text: string };

/** A cue may end this much after the media (seconds): players round the last frame. */
const END_TOLERANCE = 0.5;

/**
 * Decodes the file's bytes to text.
 * @throws MediaError SUBTITLE_ENCODING when the bytes are not text in the BOM's, the declared or UTF-8 encoding.
 */
export function decodeWordsFile(bytes: Uint8Array, declaredCharset?: string): string {
  const bom: [number[], string][] = [
    [[0xef, 0xbb, 0xbf], 'utf-8'],
    [[0xff, 0xfe], 'utf-16le'],
    [[0xfe, 0xff], 'utf-16be'],
  ];
  const found = bom.find(([b]) => b.every((x, i) => bytes[i] === x));
  const encoding = found?.[1] ?? declaredCharset?.trim().toLowerCase() ?? 'utf-8';
  try {
    const text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
    if (text.includes('\u0000')) throw new Error('NUL character in text');
    return text.replace(/^\uFEFF/, '');
  } catch (e) {
    throw new MediaError(
      'SUBTITLE_ENCODING',
      `The subtitle or transcript file is not ${found ? found[1].toUpperCase() : declaredCharset ? `valid ${declaredCharset}` : 'UTF-8'} text. Save it as UTF-8 and upload it again.`,
      (e as Error).message,
    );
  }
}

/**
 * The charset a Content-Type declares (`text/plain; charset=windows-1256` -> 'windows-1256'), as the WHATWG
 * Encoding name TextDecoder uses; undefined when none is declared or the label is not one TextDecoder knows.
 */
export function declaredCharsetOf(contentType: string): string | undefined {
  const label = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType)?.[1];
  if (!label) return undefined;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return undefined;
  }
}

const TIME = /(?:(\d+):)?(\d{1,2}):(\d{2})[,.](\d{1,3})/;
const TIMING = new RegExp(`^\\s*${TIME.source}\\s*-->\\s*${TIME.source}`);
/** Whole milliseconds as seconds (exact to the millisecond the file writes). */
const seconds = (h: string | undefined, m: string, s: string, ms: string) =>
  (Number(h ?? 0) * 3_600_000 + Number(m) * 60_000 + Number(s) * 1000 + Number(ms.padEnd(3, '0'))) / 1000;
const MARKUP = /<[^>\n]*>|\{\\[^}\n]*\}/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: '\u00a0', lrm: '\u200e', rlm: '\u200f' };

/**
 * Reads decoded text as the user's words: WEBVTT header -> vtt, a SubRip timing line -> srt, otherwise a transcript
 * (only when `extension` is 'txt').
 * @throws MediaError NOT_A_SUBTITLE_FILE (.srt/.vtt without cues), SUBTITLE_BAD_TIMING (a cue ending before it
 *         starts; `detail` names the cue), TRANSCRIPT_EMPTY (a .txt without words).
 */
export function readSourceWords(text: string, extension: string): SourceWords {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const vtt = /^WEBVTT(?:[ \t]|$)/.test(lines[0] ?? '');
  const hasTiming = lines.some((l) => TIMING.test(l));
  if (!vtt && !hasTiming) {
    if (extension !== 'txt')
      throw new MediaError(
        'NOT_A_SUBTITLE_FILE',
        'This is not a subtitle file: no cue timings like "00:00:01,000 --> 00:00:02,000" were found.',
      );
    const plain = text.replace(/\s+/g, ' ').trim();
    if (!plain) throw new MediaError('TRANSCRIPT_EMPTY', 'The transcript has no text.');
    return { kind: 'transcript', text: plain };
  }
  const cues: Cue[] = [];
  let block: string[] = [];
  const flush = () => {
    const at = block.findIndex((l) => TIMING.test(l));
    if (at >= 0 && !/^(NOTE|STYLE|REGION)(\s|$)/.test(block[0])) {
      const m = TIMING.exec(block[at])!;
      const start = seconds(m[1], m[2], m[3], m[4]);
      const end = seconds(m[5], m[6], m[7], m[8]);
      const textLines = block
        .slice(at + 1)
        .map((l) =>
          l
            .replace(MARKUP, '')
            .replace(/&(amp|lt|gt|nbsp|lrm|rlm);/g, (_m, e: string) => ENTITIES[e])
            .trim(),
        )
        .filter(Boolean);
      if (end <= start)
        throw new MediaError(
          'SUBTITLE_BAD_TIMING',
          `Cue ${cues.length + 1} of the subtitle file ends before it starts.`,
          block[at],
        );
      if (textLines.length) cues.push({ start, end, lines: textLines });
    }
    block = [];
  };
  for (const l of lines.slice(vtt ? 1 : 0)) {
    if (l.trim()) block.push(l);
    else flush();
  }
  flush();
  if (!cues.length) throw new MediaError('NOT_A_SUBTITLE_FILE', 'The subtitle file has no cues with text.');
  cues.sort((a, b) => a.start - b.start);
  return { kind: 'cues', format: vtt ? 'vtt' : 'srt', cues };
}

/**
 * Checks the cues against the media's length (`duration`, seconds); a last cue ending less than 0.5 s after the
 * media is trimmed to its end.
 * @throws MediaError SUBTITLE_TIMES_OUTSIDE_MEDIA naming the first cue that starts or ends after the media.
 */
export function fitCuesToMedia(cues: Cue[], duration: number): Cue[] {
  return cues.map((c, i) => {
    if (c.start >= duration || c.end > duration + END_TOLERANCE)
      throw new MediaError(
        'SUBTITLE_TIMES_OUTSIDE_MEDIA',
        `Cue ${i + 1} of the subtitle file (${c.start.toFixed(3)}-${c.end.toFixed(3)} s) is timed after the end of the media (${duration.toFixed(3)} s).`,
      );
    return c.end > duration ? { ...c, end: duration } : c;
  });
}

/** The words of a cue with times spread over the cue in proportion to their characters (seconds). */
export function cueWords(cue: Cue, joiner: string): TimedWord[] {
  const tokens = tokenise(cue.lines.join(joiner === '' ? '' : ' '), joiner);
  const total = tokens.reduce((s, t) => s + t.length, 0) || 1;
  let acc = 0;
  return tokens.map((t) => {
    const start = cue.start + ((cue.end - cue.start) * acc) / total;
    acc += t.length;
    return { text: t, start, end: cue.start + ((cue.end - cue.start) * acc) / total };
  });
}

/**
 * Re-cuts only the cues that break the rules of `language` (`rules` from rulesFor): such a cue's words are cut
 * again within its own time; a cue that keeps the rules is returned unchanged. Overlaps left by the input are
 * then resolved by ending the earlier cue the minimum gap before the next.
 */
export function recutBrokenCues(cues: Cue[], language: string, rules: CueRules): Cue[] {
  const broken = new Set(
    checkCues(cues, language, rules)
      .filter((v) => v.rule !== 'gap' && v.rule !== 'article_break')
      .map((v) => v.cue),
  );
  const out: Cue[] = cues.flatMap((c, i) =>
    broken.has(i) ? cutCues([cueWords(c, rules.joiner)], language, { ...rules }) : [c],
  );
  for (let i = 1; i < out.length; i++) {
    const prev = out[i - 1];
    if (out[i].start - prev.end >= rules.minGap) continue;
    const end = Math.round((out[i].start - rules.minGap) * 1000) / 1000;
    if (end > prev.start) out[i - 1] = { ...prev, end };
    else out[i] = { ...out[i], start: Math.round((prev.end + rules.minGap) * 1000) / 1000 };
  }
  return out;
}
