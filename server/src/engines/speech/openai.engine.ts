/**
 * Speech recognition through an OpenAI-compatible `/v1/audio/transcriptions` (OpenAI, Groq, speaches, LocalAI) with
 * the official `openai` SDK: `response_format=verbose_json` and `timestamp_granularities[]=word` and `=segment`.
 * Words get the punctuation and capitals of their segment's text (segment-punctuation.ts).
 * The answer's `language` is a name ("english") on OpenAI and a code on some servers; both are accepted.
 *
 * Real-length media: the API refuses a request over 25 MB (OpenAI speech-to-text guide, "File uploads are currently
 * limited to 25 MB"; HTTP 413), about 13 minutes of 16 kHz WAV. So the audio goes in pieces of about
 * PIECE_SECONDS cut in the middle of pauses (pause-pieces.ts), each compressed to 16 kHz mono MP3 at 32 kbit/s
 * (a 7.5-minute piece, the longest, is 1.8 MB), at most IN_FLIGHT at once. Each piece's words and segments are
 * shifted by the piece's start; a word belongs to the piece its middle falls in, so no word is doubled or lost at a
 * seam even when a server's times run a little past the piece's ends.
 */
import { answerOf, VerboseTranscription } from '../engine-answers.ts';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { toFile } from 'openai';
import type { OpenAiEndpoint } from '../../config/engines.config.ts';
import type { RecognisedWord, SpeechEngine, Transcript, TranscribeOptions } from '../speech.engine.ts';
import type { EngineHttpSettings } from '../http-client.ts';
import { EngineHttpError } from '../engine-failure.ts';
import { openAiAvailable, openAiClient } from '../openai-client.ts';
import { callWithRetry, readOpenAiFailure } from '../sdk-call.ts';
import { runProcess } from '../run-process.ts';
import { cutsAtPauses, findPauses, mapPool } from './pause-pieces.ts';
import { punctuateWords } from './segment-punctuation.ts';
import { requestProgress } from './request-progress.ts';
import { LANGUAGE_NAMES, normaliseLanguage } from '../../../../contract/languages.ts';

const CODE_BY_NAME = Object.fromEntries(
  Object.entries(LANGUAGE_NAMES).map(([code, name]) => [name.toLowerCase(), code]),
);

/** The API's request limit, bytes (25 MB as OpenAI counts it: 26,214,400). */
export const OPENAI_UPLOAD_LIMIT_BYTES = 25 * 1024 * 1024;
/** Target length of a piece, seconds (pieces run from half to one and a half times this). */
export const OPENAI_PIECE_SECONDS = 300;
/** Pieces sent at once. */
export const OPENAI_PIECES_IN_FLIGHT = 3;
/**
 * Request seconds per audio second expected of a piece before any has answered (request-progress.ts); an assumption,
 * not a vendor figure (none is published): the first answered piece's own time replaces it.
 */
export const OPENAI_EXPECTED_RTF = 0.1;
/** MP3 bit rate of the pieces, bits per second: 16 kHz mono speech stays clear at 32 kbit/s. */
const PIECE_BITRATE = 32_000;

interface Segment {
  start: number;
  end: number;
  text: string;
}

interface PieceResult {
  language: string;
  seconds: number;
  words: RecognisedWord[];
  segments: Segment[];
}

/**
 * Writes seconds `[from, to)` of `file` as 16 kHz mono MP3 to `out` (the compressed upload of one piece).
 * @throws ProcessError when ffmpeg fails; the signal's reason when aborted.
 */
async function encodePiece(file: string, from: number, to: number, out: string, signal?: AbortSignal) {
  const range = ['-ss', from.toFixed(3), ...(Number.isFinite(to) ? ['-to', to.toFixed(3)] : [])];
  await runProcess(
    'ffmpeg',
    ['-v', 'error', '-y', ...range, '-i', file, '-ac', '1', '-ar', '16000', '-c:a', 'libmp3lame'].concat([
      '-b:a',
      String(PIECE_BITRATE),
      out,
    ]),
    { signal },
  );
}

/** Creates the engine for one endpoint. @throws from `transcribe`: EngineHttpError naming the server's message. */
export function createOpenAiSpeechEngine(ep: OpenAiEndpoint, http: EngineHttpSettings): SpeechEngine {
  const client = openAiClient(ep, http);

  /** Recognises one compressed piece; times in the answer are seconds from the piece's start. */
  async function recognisePiece(mp3: string, language: string, seconds: number, signal?: AbortSignal) {
    const audio = await readFile(mp3);
    if (audio.length > OPENAI_UPLOAD_LIMIT_BYTES)
      throw new EngineHttpError(
        `openai speech: a piece of ${audio.length} bytes is over the API's 25 MB limit`,
        'openai speech',
        413,
        'input_too_large',
      );
    const file = await toFile(audio, 'audio.mp3', { type: 'audio/mpeg' });
    return callWithRetry(
      (s) =>
        client.audio.transcriptions.create(
          {
            file,
            model: ep.model,
            response_format: 'verbose_json',
            timestamp_granularities: ['word', 'segment'],
            ...(language !== 'auto' ? { language: normaliseLanguage(language) } : {}),
          },
          { signal: s },
        ),
      readOpenAiFailure,
      { engine: 'openai speech', signal, ...http, units: seconds },
    );
  }

  return {
    id: 'openai',
    kind: 'network',
    languages: '*',
    detectsLanguage: true,
    available: () => openAiAvailable(client),
    async transcribe(wavPath: string, opts: TranscribeOptions): Promise<Transcript> {
      const { pauses, duration } = await findPauses(wavPath, opts.signal);
      const cuts = cutsAtPauses(pauses, duration, OPENAI_PIECE_SECONDS);
      const bounds = [0, ...cuts, duration > 0 ? duration : Infinity];
      const pieces = bounds.slice(0, -1).map((from, i) => ({ from, to: bounds[i + 1] }));
      const dir = await mkdtemp(path.join(os.tmpdir(), 'openai-speech-'));
      // While a request is out its share moves by an estimate, ticking every 2 s; the answer moves it to its real
      // share (issue 38: progress at least every 5 s on the network recognisers).
      const progress = requestProgress(duration, OPENAI_EXPECTED_RTF, opts.onProgress);
      try {
        const results = await mapPool(pieces, OPENAI_PIECES_IN_FLIGHT, async ({ from, to }, i) => {
          const mp3 = path.join(dir, `piece-${i}.mp3`);
          await encodePiece(wavPath, from, to, mp3, opts.signal);
          // Metered by the piece's audio seconds (the last piece of an unknown duration: none known, 0).
          const seconds = Number.isFinite(to) ? to - from : Math.max(0, duration - from);
          progress.start(i, seconds);
          // An answer off the documented shape (times not numbers, words not a list) fails, never reads as silence.
          const j = answerOf(
            VerboseTranscription,
            await recognisePiece(mp3, opts.language, seconds, opts.signal),
            'openai speech',
            'transcription',
          );
          await rm(mp3, { force: true });
          progress.done(i);
          return joinablePiece(j, from, to);
        });
        return wholeTranscript(results, opts.language, duration);
      } finally {
        progress.stop();
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/** The verbose_json fields the engine reads (OpenAI `TranscriptionVerbose`). */
interface VerboseJson {
  language?: string;
  duration?: number;
  words?: { word: string; start: number; end: number }[];
  segments?: { start: number; end: number; text: string }[];
}

/**
 * One piece's answer on the whole timeline: punctuated from its own segments, shifted by `from` seconds, keeping
 * the words and segments whose middle falls in `[from, to)`.
 */
export function joinablePiece(j: VerboseJson, from: number, to: number): PieceResult {
  const inside = (x: { start: number; end: number }) => {
    const mid = (x.start + x.end) / 2;
    return mid >= from && mid < to;
  };
  // Word timestamps carry no punctuation; the segment texts do (punctuateWords).
  const local = (j.segments ?? []).map((s) => ({ start: s.start, end: s.end, text: s.text.trim() }));
  const words = punctuateWords(
    (j.words ?? []).map((w) => ({ text: w.word.trim(), start: w.start, end: w.end })).filter((w) => w.text),
    local,
  )
    .map((w) => ({ ...w, start: w.start + from, end: w.end + from }))
    .filter(inside);
  const segments = local.map((s) => ({ ...s, start: s.start + from, end: s.end + from })).filter(inside);
  return {
    language: (j.language ?? '').toLowerCase(),
    seconds: Number.isFinite(to) ? to - from : (j.duration ?? 0),
    words,
    segments,
  };
}

/**
 * The transcript of the whole audio from its pieces, in order. With 'auto', the language is the one the pieces
 * reported for most seconds (a code, or a name as OpenAI reports it).
 */
function wholeTranscript(pieces: PieceResult[], asked: string, duration: number): Transcript {
  const words = pieces.flatMap((p) => p.words);
  const segments = pieces.flatMap((p) => p.segments);
  // The API's "segments" are the recogniser's utterances.
  const utterances = segments.map((s) => ({
    ...s,
    words: words.filter((w) => w.start >= s.start - 0.01 && w.start < s.end),
  }));
  const secondsBy = new Map<string, number>();
  for (const p of pieces) if (p.language) secondsBy.set(p.language, (secondsBy.get(p.language) ?? 0) + p.seconds);
  const reported = [...secondsBy].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  const language =
    asked !== 'auto' ? normaliseLanguage(asked) : (CODE_BY_NAME[reported] ?? normaliseLanguage(reported || 'en'));
  return {
    language,
    detected: asked === 'auto' && !!reported,
    words,
    utterances,
    durationSeconds: duration > 0 ? duration : pieces.reduce((n, p) => n + p.seconds, 0),
  };
}
