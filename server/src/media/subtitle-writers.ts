/**
 * SRT and WebVTT writers and readers. SRT: numbered blocks, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, blank line after
 * each block. WebVTT (W3C WebVTT): the `WEBVTT` signature line, a blank line, then cues with
 * `HH:MM:SS.mmm --> HH:MM:SS.mmm`; cue text must not contain `-->`, and `&`, `<` are escaped as entities.
 */
import type { Cue } from '../../../contract/cues.ts';

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

/** Renders cues as WebVTT. */
export function toVtt(cues: Cue[]): string {
  const esc = (l: string) => clean(l).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `WEBVTT\n\n${cues.map((c) => `${stamp(c.start, '.')} --> ${stamp(c.end, '.')}\n${c.lines.map(esc).join('\n')}\n`).join('\n')}`;
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
  return parseBlocks(body, (s) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
}
