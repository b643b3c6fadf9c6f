/**
 * Splits a text for a speech API with an input limit (OpenAI speech: 4,096 characters) into pieces that each fit,
 * cut at sentence ends where possible, so each piece is spoken with a natural ending and the joined audio sounds
 * like one reading. A sentence longer than the limit is cut at a clause mark (, ; : 、 ，), then at a space, then
 * (a text with neither, such as Japanese without punctuation) hard at the limit.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runProcess } from '../run-process.ts';

/** Sentences with their trailing space: ends at . ! ? … 。 ！ ？ followed by a space or the end (CJK: no space). */
const SENTENCE = /[^.!?…。！？]*(?:[.!?…]+(?=\s|$)|[。！？]+|$)\s*/gu;

/** Cuts one over-long sentence into pieces of at most `limit` characters. */
function cutLong(sentence: string, limit: number): string[] {
  const out: string[] = [];
  let rest = sentence;
  while (rest.length > limit) {
    const head = rest.slice(0, limit);
    const at = Math.max(...[',', ';', ':', '、', '，'].map((c) => head.lastIndexOf(c)));
    const space = head.lastIndexOf(' ');
    const cut = at > limit / 2 ? at + 1 : space > limit / 2 ? space + 1 : limit;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest) out.push(rest);
  return out;
}

/**
 * Pieces of `text`, in order, each at most `limit` characters (UTF-16 units, as the API counts a string's length)
 * and not blank; joined back they give the text (pieces are trimmed). Whole sentences are packed greedily.
 */
export function splitAtSentences(text: string, limit: number): string[] {
  if (text.length <= limit) return [text];
  const sentences = (text.match(SENTENCE) ?? [text]).filter((s) => s).flatMap((s) => cutLong(s, limit));
  const pieces: string[] = [];
  let current = '';
  for (const s of sentences) {
    if (current && current.length + s.length > limit) {
      pieces.push(current);
      current = '';
    }
    current += s;
  }
  if (current) pieces.push(current);
  return pieces.map((p) => p.trim()).filter(Boolean);
}

/** Where and how `speakInPieces` writes: the WAV to write, the pieces' file extension, the job's signal. */
export interface PiecesOutput {
  outPath: string;
  /** The extension of the audio the API answers ('wav', 'ogg'...), for the temporary piece files. */
  ext: string;
  /** The WAV's sample rate, Hz (mono); absent: the answers' own rate and channels. */
  rate?: number;
  signal?: AbortSignal;
}

/**
 * Speaks `text` with `speak` in pieces of at most `limit` characters (splitAtSentences) into temporary files, then
 * decodes and joins them in order in one ffmpeg run (the concat filter; the same voice and format, so no gap is
 * added) into one 16-bit PCM WAV at `out.outPath` (mono at `out.rate` when given). A single piece is only decoded. The temporary files are removed in every case.
 * @throws what `speak` throws; Error when ffmpeg cannot decode the answers.
 */
export async function speakInPieces(
  text: string,
  limit: number,
  out: PiecesOutput,
  speak: (piece: string, file: string) => Promise<void>,
): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'voice-pieces-'));
  try {
    const files: string[] = [];
    for (const [i, piece] of splitAtSentences(text, limit).entries()) {
      const f = path.join(dir, `piece-${i}.${out.ext}`);
      await speak(piece, f);
      files.push(f);
    }
    const join =
      files.length > 1
        ? ['-filter_complex', `${files.map((_, i) => `[${i}:a]`).join('')}concat=n=${files.length}:v=0:a=1`]
        : [];
    const format = out.rate ? ['-ac', '1', '-ar', String(out.rate)] : [];
    await runProcess(
      'ffmpeg',
      [
        '-v',
        'error',
        '-nostdin',
        '-y',
        ...files.flatMap((f) => ['-i', f]),
        ...join,
        ...format,
        '-c:a',
        'pcm_s16le',
        out.outPath,
      ],
      { signal: out.signal },
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
