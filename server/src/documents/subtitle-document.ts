/**
 * SubRip (.srt) and WebVTT (.vtt) files: only cue text is translated. Cue numbers, identifiers, timings, cue
 * settings (WebVTT "position:10% align:start"), NOTE, STYLE and REGION blocks, and inline markup (<i>, <b>,
 * <c.class>, <v Speaker>, <00:01.000>, SRT {\an8}) stay exactly as they are; each stretch of text between
 * markup or line breaks is one piece, so a two-line cue keeps two lines.
 * Sources: W3C WebVTT (cue text entities &amp; &lt; &gt; &nbsp; &lrm; &rlm;), SubRip as written by common tools.
 */
import { DocumentError } from './document.errors.ts';
import type { OpenedDocument, TextUnit } from './document-format.ts';

const SRT_TIME = /^\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}\s*-->\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}/;
const MARKUP = /<[^>\n]*>|\{\\[^}\n]*\}/g;

type Token = { markup: string } | { piece: number } | { newline: true };
/** Where one cue's text sits in the file (lines `[first, end)`) and its tokens; its text is one unit. */
interface CueBlock {
  first: number;
  end: number;
  tokens: Token[];
}

/** Detects a subtitle format from decoded text: 'vtt' (WEBVTT header), 'srt' (a SubRip timing line) or null. */
export function detectSubtitleFormat(text: string): 'srt' | 'vtt' | null {
  const t = text.replace(/^\uFEFF/, '');
  if (/^WEBVTT(?:[ \t]|\r?\n|$)/.test(t)) return 'vtt';
  if (t.split(/\r?\n/).some((l) => SRT_TIME.test(l))) return 'srt';
  return null;
}

const decodeVtt = (s: string) =>
  s.replace(
    /&(amp|lt|gt|nbsp|lrm|rlm);/g,
    (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', nbsp: '\u00a0', lrm: '\u200e', rlm: '\u200f' })[e]!,
  );
const encodeVtt = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Opens subtitle text (already decoded) as a document.
 * @throws DocumentError NOT_A_SUBTITLE_FILE when no cue is found
 */
export function openSubtitles(text: string, format: 'srt' | 'vtt', label: string): OpenedDocument {
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  const body = text.slice(bom.length);
  const eol = body.includes('\r\n') ? '\r\n' : '\n';
  const lines = body.split(/\r?\n/);
  const cues: CueBlock[] = [];
  const units: TextUnit[] = [];
  let i = 0;
  while (i < lines.length) {
    if (!lines[i].trim()) {
      i++;
      continue;
    }
    let end = i;
    while (end < lines.length && lines[end].trim()) end++;
    const block = lines.slice(i, end);
    const skip =
      format === 'vtt' && ((i === 0 && /^WEBVTT/.test(block[0])) || /^(NOTE|STYLE|REGION)(\s|$)/.test(block[0]));
    const timing = skip
      ? -1
      : block.findIndex((l, k) => k < 2 && (format === 'srt' ? SRT_TIME.test(l) : l.includes('-->')));
    if (timing >= 0 && timing + 1 < block.length) {
      const tokens: Token[] = [];
      const pieces: string[] = [];
      for (let k = i + timing + 1; k < end; k++) {
        if (k > i + timing + 1) {
          // The line break reads as a space: the last piece before it ends with '\n' (for the engine and the
          // word count; the break itself is written from the newline token).
          const last = [...tokens].reverse().find((t) => 'piece' in t || 'newline' in t);
          if (last && 'piece' in last) pieces[last.piece] += '\n';
          tokens.push({ newline: true });
        }
        let pos = 0;
        const line = lines[k];
        for (const m of line.matchAll(MARKUP)) {
          if (m.index > pos) {
            tokens.push({ piece: pieces.length });
            pieces.push(line.slice(pos, m.index));
          }
          tokens.push({ markup: m[0] });
          pos = m.index + m[0].length;
        }
        if (pos < line.length) {
          tokens.push({ piece: pieces.length });
          pieces.push(line.slice(pos));
        }
      }
      cues.push({ first: i + timing + 1, end, tokens });
      units.push({ pieces: format === 'vtt' ? pieces.map(decodeVtt) : pieces, counted: true });
    }
    i = end;
  }
  if (!cues.length) {
    throw new DocumentError(
      'NOT_A_SUBTITLE_FILE',
      `${label} has no subtitle cues: no line like "00:00:01,000 --> 00:00:02,000" was found.`,
    );
  }

  return {
    format: format,
    parts: 1,
    units,
    async build(_lang, translated) {
      const out = lines.slice();
      // Replace cue text from the last cue backwards so earlier line numbers stay valid.
      for (let c = cues.length - 1; c >= 0; c--) {
        const cue = cues[c];
        const pieces = translated[c];
        let text = '';
        for (const t of cue.tokens) {
          if ('markup' in t) text += t.markup;
          else if ('newline' in t) text += '\n';
          else {
            const piece = (pieces[t.piece] ?? '').replace(/\s*\n\s*/g, ' ');
            text += format === 'vtt' ? encodeVtt(piece) : piece;
          }
        }
        // A blank line would end the cue early, so a line left without text joins the one before it.
        const newLines: string[] = [];
        for (const l of text.split('\n').map((x) => x.trimEnd())) {
          if (l.trim() || newLines.length === 0) newLines.push(l);
          else newLines[newLines.length - 1] += l;
        }
        if (!newLines[0].trim() && newLines.length > 1) newLines.shift();
        if (!newLines.join('').trim()) continue; // nothing came back: keep the source text rather than end the cue
        out.splice(cue.first, cue.end - cue.first, ...newLines);
      }
      return Buffer.from(bom + out.join(eol), 'utf8');
    },
  };
}
