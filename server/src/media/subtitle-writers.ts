/**
 * SRT and WebVTT writers and readers. SRT: numbered blocks, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, blank line after
 * each block. WebVTT (W3C WebVTT): the `WEBVTT` signature line, a blank line, then cues with
 * `HH:MM:SS.mmm --> HH:MM:SS.mmm`; cue text must not contain `-->`, and `&`, `<` are escaped as entities. A cue
 * with a speaker is a voice span in WebVTT (`<v Speaker 1>…`, W3C WebVTT 4.2.2); SRT stays plain text. Two short
 * cues of two speakers in a quick exchange share one cue, a leading hyphen per line (Netflix Timed Text Style
 * Guide, "dual speakers"): `dualSpeakerCues`.
 */
import type { Cue } from '../../../contract/cues.ts';
import { visibleLength } from '../../../contract/cue-rules.ts';
import { defaultSpeakerName, isDefaultSpeakerName } from '../../../contract/speakers.ts';

/** A cue to write; a dual-speaker cue has the speaker of each line. */
export type WrittenCue = Cue & { lineSpeakers?: string[] };

/** Longest cue (seconds) of a quick exchange that may share a cue with the other speaker's answer. */
const DUAL_MAX_CUE = 2;
/** Longest pause (seconds) between the two cues of a dual-speaker cue. */
const DUAL_MAX_GAP = 0.5;

/**
 * Joins two consecutive one-line cues of two different speakers into one dual-speaker cue (`- line` each, shown from
 * the first's start to the second's end) when both are short (at most 2 s), at most 0.5 s apart, each line with
 * its hyphen fits `rules.maxLineChars` and the joined cue keeps to `rules.maxCharsPerSecond` (Netflix Timed Text
 * Style Guide: dual speakers). Cues without speakers are returned as they are.
 */
export function dualSpeakerCues(cues: Cue[], rules: { maxLineChars: number; maxCharsPerSecond: number }): WrittenCue[] {
  const { maxLineChars, maxCharsPerSecond } = rules;
  const out: WrittenCue[] = [];
  for (let i = 0; i < cues.length; i++) {
    const [a, b] = [cues[i], cues[i + 1]];
    const fits = (c: Cue) =>
      c.lines.length === 1 && c.end - c.start <= DUAL_MAX_CUE && c.lines[0].length + 2 <= maxLineChars;
    if (
      b &&
      a.speaker &&
      b.speaker &&
      a.speaker !== b.speaker &&
      b.start - a.end <= DUAL_MAX_GAP &&
      fits(a) &&
      fits(b) &&
      readable([dashed(a.lines[0]), dashed(b.lines[0])], b.end - a.start, maxCharsPerSecond)
    ) {
      out.push({
        start: a.start,
        end: b.end,
        lines: [dashed(a.lines[0]), dashed(b.lines[0])],
        lineSpeakers: [a.speaker, b.speaker],
      });
      i++;
    } else out.push(a);
  }
  return out;
}

/**
 * A dual-speaker line: `- ` before the text, after the line's leading direction marks (a right-to-left line starts
 * with U+200F so players lay it out right to left; the hyphen then reads at its start, on the right).
 */
/** Whether `lines` shown for `seconds` keep to the reading speed (characters a viewer reads per second). */
function readable(lines: string[], seconds: number, maxCharsPerSecond: number): boolean {
  return seconds > 0 && lines.reduce((n, l) => n + visibleLength(l), 0) / seconds <= maxCharsPerSecond;
}

function dashed(line: string): string {
  const marks = /^[\u200e\u200f\u061c]*/.exec(line)![0];
  return `${marks}- ${line.slice(marks.length)}`;
}

function stamp(seconds: number, sep: ',' | '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}${sep}${pad(ms % 1000, 3)}`;
}

const clean = (line: string) => line.replace(/-->/g, '→').replace(/\r?\n/g, ' ');

/** Renders cues as SRT (UTF-8 text, CRLF-free). */
export function toSrt(cues: Cue[]): string {
  return cues
    .map((c, i) => `${i + 1}\n${stamp(c.start, ',')} --> ${stamp(c.end, ',')}\n${c.lines.map(clean).join('\n')}\n`)
    .join('\n');
}

/**
 * Renders cues as WebVTT; a cue's speaker becomes a voice span named `names[speaker]`, a dual-speaker cue one span
 * per line. A speaker the user never named gets the default name in the file's `language` ("Speaker 1",
 * "المتحدث 1", "Hablante 1": contract/speakers.ts says why).
 */
export function toVtt(cues: WrittenCue[], names: Readonly<Record<string, string>> = {}, language = 'en'): string {
  const esc = (l: string) => clean(l).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const nameOf = (id: string) => (isDefaultSpeakerName(id, names[id]) ? defaultSpeakerName(id, language) : names[id]);
  const voice = (id: string | undefined) => (id ? `<v ${esc(nameOf(id))}>` : '');
  const text = (c: WrittenCue) =>
    c.lines.map((l, k) => (c.lineSpeakers ? voice(c.lineSpeakers[k]) : k === 0 ? voice(c.speaker) : '') + esc(l));
  return `WEBVTT\n\n${cues.map((c) => `${stamp(c.start, '.')} --> ${stamp(c.end, '.')}\n${text(c).join('\n')}\n`).join('\n')}`;
}

const TIME = /(\d+):(\d{2}):(\d{2})[,.](\d{3})/;
const toSeconds = (m: RegExpExecArray) =>
  (Number(m[1]) * 3_600_000 + Number(m[2]) * 60_000 + Number(m[3]) * 1000 + Number(m[4])) / 1000;

function parseBlocks(text: string, unescape: (s: string) => string): Cue[] {
  const cues: Cue[] = [];
  for (const block of text.replace(/\r\n/g, '\n').split(/\n{2,}/)) {
    const lines = block.split('\n').filter((l) => l !== '');
    const at = lines.findIndex((l) => l.includes('-->'));
    if (at < 0) continue;
    const [a, b] = lines[at].split('-->');
    const ma = TIME.exec(a);
    const mb = TIME.exec(b);
    if (!ma || !mb) continue;
    cues.push({ start: toSeconds(ma), end: toSeconds(mb), lines: lines.slice(at + 1).map(unescape) });
  }
  return cues;
}

/** Reads SRT text back into cues (times in seconds). */
export function parseSrt(text: string): Cue[] {
  return parseBlocks(text, (s) => s);
}

/** Reads WebVTT text back into cues (skips the header, NOTE and STYLE blocks). */
export function parseVtt(text: string): Cue[] {
  const body = text.replace(/^\uFEFF?WEBVTT[^\n]*\n/, '');
  return parseBlocks(body, (s) =>
    s
      .replace(/<\/?v(?:\s[^>]*)?>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );
}
