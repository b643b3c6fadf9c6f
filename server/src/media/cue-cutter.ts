/**
 * Cuts timed words into subtitle cues by rule (contract/cue-rules.ts): each sentence is split by dynamic
 * programming over break positions (cost: number of cues, poor breaks, pauses inside a cue, reading-speed
 * pressure; a break after an article is forbidden), each cue is laid out in at most 2 lines, then times are
 * assigned left to right so every cue meets the duration, reading-speed and gap rules.
 */
import {
  arabicLine,
  isDeterminer,
  isWeakBreak,
  punctuationStrength,
  visibleLength,
  type CueRules,
} from '../../../contract/cue-rules.ts';
import type { Cue } from '../../../contract/cues.ts';

/** A word with its time span in seconds, `[start, end)`. */
export interface TimedWord {
  text: string;
  start: number;
  end: number;
  /** Who says it (`S1` …), when the run found speakers (stages/speakers.ts). */
  speaker?: string;
}

/** A pause this long (seconds) always ends a cue: no cue stretches over silence. */
export const MAX_PAUSE_IN_CUE = 1.5;
const MAX_WORDS_PER_CUE = 40;
const FORBIDDEN = 1000;

/** Cost of breaking after `word` (followed by a pause of `pause` seconds); lower is better. */
function breakCost(word: string, pause: number, language: string): number {
  if (isDeterminer(word, language)) return FORBIDDEN;
  const p = punctuationStrength(word);
  let cost = p === 3 ? -1.2 : p === 2 ? -0.6 : 0.6;
  if (p === 0 && isWeakBreak(word, language)) cost += 1.2;
  return cost - Math.min(pause, 1) * 1.5;
}

/**
 * Lays `words` out in at most `rules.maxLines` lines of `rules.maxLineChars`; one line when it fits
 * (Netflix: keep text on one line unless it exceeds the limit). Returns the lines and a style cost,
 * or null when the words cannot fit.
 */
export function layoutLines(
  words: string[],
  language: string,
  rules: CueRules,
): { lines: string[]; cost: number } | null {
  const text = words.join(rules.joiner);
  if (visibleLength(text) <= rules.maxLineChars) return { lines: [text], cost: 0 };
  if (rules.maxLines < 2) return null;
  let best: { lines: string[]; cost: number } | null = null;
  for (let k = 1; k < words.length; k++) {
    const top = words.slice(0, k).join(rules.joiner);
    const bottom = words.slice(k).join(rules.joiner);
    const lt = visibleLength(top);
    const lb = visibleLength(bottom);
    if (lt > rules.maxLineChars || lb > rules.maxLineChars) continue;
    // Break style first, then balance; a slightly longer bottom line (pyramid) reads best.
    const cost = breakCost(words[k - 1], 0, language) + Math.abs(lt - lb) / rules.maxLineChars + (lt > lb ? 0.15 : 0);
    if (!best || cost < best.cost) best = { lines: [top, bottom], cost };
  }
  return best;
}

/** Splits one sentence into word ranges `[i, j)`, one per cue. */
function splitSentence(
  words: TimedWord[],
  language: string,
  rules: CueRules,
): { from: number; to: number; lines: string[] }[] {
  const n = words.length;
  const best: { cost: number; prev: number; lines: string[] }[] = Array.from({ length: n + 1 }, () => ({
    cost: Infinity,
    prev: -1,
    lines: [],
  }));
  best[0].cost = 0;
  for (let j = 1; j <= n; j++) {
    for (let i = j - 1; i >= Math.max(0, j - MAX_WORDS_PER_CUE); i--) {
      if (best[i].cost === Infinity) continue;
      const single = j === i + 1;
      const span = words[j - 1].end - words[i].start;
      let maxPause = 0;
      let pausePenalty = 0;
      for (let k = i + 1; k < j; k++) {
        const gap = words[k].start - words[k - 1].end;
        // A hesitation after an article still keeps the article with its noun.
        if (!isDeterminer(words[k - 1].text, language)) maxPause = Math.max(maxPause, gap);
        if (gap > 0.4) pausePenalty += (gap - 0.4) * 2;
      }
      const layout = layoutLines(
        words.slice(i, j).map((w) => w.text),
        language,
        rules,
      );
      // Without a layout only a lone word longer than a line (a URL) gets past the check below: it is counted as
      // it is, so it still makes a cue (an infinite cost made no cut at all: issue 24 item 11).
      const chars = layout ? layout.lines.reduce((s, l) => s + visibleLength(l), 0) : visibleLength(words[i].text);
      const ok =
        layout &&
        span <= rules.maxDuration &&
        chars / rules.maxCharsPerSecond <= rules.maxDuration &&
        maxPause < MAX_PAUSE_IN_CUE;
      if (!ok && !single) {
        // Longer ranges only get worse once the text no longer fits.
        if (!layout) break;
        continue;
      }
      // A lone word that breaks a rule by itself (too long) is still cut: it is the best possible.
      const lines = layout?.lines ?? [words[i].text];
      const pressure = Math.max(0, chars / rules.maxCharsPerSecond - (span + 0.4));
      const short = chars < 12 && j - i < n ? 0.6 : 0;
      const brk = j < n ? breakCost(words[j - 1].text, words[j].start - words[j - 1].end, language) : 0;
      const cost =
        best[i].cost +
        1 +
        (layout?.cost ?? FORBIDDEN) +
        pausePenalty +
        pressure * 1.5 +
        short +
        brk +
        (ok ? 0 : FORBIDDEN);
      if (cost < best[j].cost) best[j] = { cost, prev: i, lines };
    }
  }
  const out: { from: number; to: number; lines: string[] }[] = [];
  for (let j = n; j > 0; j = best[j].prev) out.unshift({ from: best[j].prev, to: j, lines: best[j].lines });
  return out;
}

/**
 * The latest a cue may appear after its first word is spoken, seconds. Reading time pushes a cue later when the
 * one before it needs longer on screen than its speech lasts (translations run 15-30% longer than the source); left
 * alone that push adds up and subtitles drift without limit on long media (a 60-minute German track ended 108 s
 * late). Past this lag the previous cue gives its reading time back instead: it ends earlier, breaking the
 * reading-speed rule, which the editor shows as a warning on that cue (contract/cues.ts `checkCues`).
 * Half a second: the Netflix Timed Text Style Guide asks cues to follow the audio, and the dub is laid on these
 * times, so the bound is kept well under the second at which viewers notice a late subtitle; it also keeps the
 * last cue within 2 s of the end of its speech.
 */
export const MAX_CUE_LAG = 0.5;

/**
 * The longest a cue stays on screen after its last word for reading time, seconds. A cue whose text needs longer
 * to read than its speech lasts stays on into the silence after it, but not without limit: a Japanese cue read at
 * 4 characters a second asked for 3.25 s after 0.3 s of speech, so the last cue of an hour ended 3.5 s after its
 * speech (and past the end of the media). Past this it breaks the reading-speed rule instead, which the editor shows
 * as a warning. 1.5 s keeps every cue, the last included, within 2 s of the end of the speech it translates
 * (issue 26) while leaving more reading time than the lag bound takes away.
 */
export const MAX_CUE_LINGER = 1.5;

/**
 * Cuts sentences into cues and times them.
 * Each sentence is a run of words between sentence ends or long pauses; cues never cross sentences. A cue takes
 * the speaker of its first word (sentences are split where the speaker changes: `splitBySpeaker`).
 * Times: a cue starts at its first word (or right after the previous cue plus the minimum gap when reading
 * speed pushed that one later) and lasts at least max(5/6 s, characters / max cps), at most 7 s, but for reading
 * time no longer than `MAX_CUE_LINGER` after its last word (nor shorter than 5/6 s). No cue starts
 * more than `MAX_CUE_LAG` after its first word: the cue before it is shortened instead (never below the minimum
 * duration, nor before the end of its own speech), so the lag is bounded however long the media is.
 * @param language base code (articles, RTL); rules from `rulesFor(language)`.
 * @returns cues in time order; reading-speed breaks only where the lag bound shortened a cue or a cue would have
 *          stayed longer than `MAX_CUE_LINGER` after its speech.
 */
export function cutCues(sentences: TimedWord[][], language: string, rules: CueRules): Cue[] {
  const pieces: { start: number; end: number; lines: string[]; speaker?: string }[] = [];
  for (const sentence of joinDanglingArticles(sentences, language)) {
    const words = sentence.filter((w) => w.text.trim());
    if (!words.length) continue;
    for (const p of splitSentence(words, language, rules))
      pieces.push({
        start: words[p.from].start,
        end: words[p.to - 1].end,
        lines: p.lines,
        speaker: words[p.from].speaker,
      });
  }
  const cues: Cue[] = [];
  for (const p of pieces) {
    const prev = cues.at(-1);
    let start = round(Math.max(p.start, (prev?.end ?? -Infinity) + rules.minGap));
    const latest = p.start + MAX_CUE_LAG;
    if (prev && start > latest) {
      // The previous cue gives back reading time so this one appears no later than `latest`.
      prev.end = Math.max(floorMs(prev.start + rules.minDuration + 1e-3), floorMs(latest - rules.minGap));
      start = round(Math.max(p.start, prev.end + rules.minGap));
    }
    const chars = p.lines.reduce((s, l) => s + visibleLength(l), 0);
    const need = Math.max(rules.minDuration, chars / rules.maxCharsPerSecond);
    const readUntil = Math.min(start + need, Math.max(start + rules.minDuration, p.end + MAX_CUE_LINGER));
    const end = round(Math.min(start + rules.maxDuration, Math.max(p.end, readUntil)));
    const cue: Cue = { start, end, lines: rules.rtl ? p.lines.map(arabicLine) : p.lines };
    if (p.speaker) cue.speaker = p.speaker;
    cues.push(cue);
  }
  return cues;
}

/**
 * Splits sentences where the speaker changes, so no cue or dub segment mixes two speakers' words (issue 19). Words
 * without a speaker never split.
 */
export function splitBySpeaker(sentences: TimedWord[][]): TimedWord[][] {
  const out: TimedWord[][] = [];
  for (const s of sentences) {
    let open: TimedWord[] = [];
    for (const w of s) {
      const prev = open.at(-1);
      if (prev && w.speaker && prev.speaker && w.speaker !== prev.speaker) {
        out.push(open);
        open = [];
      }
      open.push(w);
    }
    if (open.length) out.push(open);
  }
  return out;
}

/** A sentence ending on an article (the speaker paused after "the") is joined with the next: they belong together. */
function joinDanglingArticles(sentences: TimedWord[][], language: string): TimedWord[][] {
  const out: TimedWord[][] = [];
  for (const u of sentences) {
    const prev = out[out.length - 1];
    const last = prev?.[prev.length - 1];
    // Not across speakers: the next speaker's words are not the noun of this one's article.
    if (last && isDeterminer(last.text, language) && last.speaker === u[0]?.speaker)
      out[out.length - 1] = [...prev, ...u];
    else out.push([...u]);
  }
  return out;
}

/** Millisecond precision (SRT/VTT resolution), rounded up so rounding never breaks a minimum. */
const round = (t: number) => Math.ceil(t * 1000 - 1e-6) / 1000;
/** Millisecond precision rounded down, for an end moved earlier to make room. */
const floorMs = (t: number) => Math.floor(t * 1000 + 1e-6) / 1000;
