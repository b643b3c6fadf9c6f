/**
 * Voices through an OpenAI-compatible `/v1/audio/speech` with the official `openai` SDK (`{model, input, voice,
 * response_format: "opus", speed}` -> audio bytes). The neural engine for 'dubbing' mode; its voices speak every
 * language. The API takes at most 4,096 characters of input (API reference, "The maximum length is 4096
 * characters"): a longer text is split at sentence ends (speech-pieces.ts), each piece spoken, and the pieces' audio
 * joined in order into one WAV.
 *
 * Compressed transfer (issue 26 item 6): the API's documented formats are mp3 (default), opus, aac, flac, wav and
 * pcm (text-to-speech guide, "Supported output formats"). WAV is 24 kHz 16-bit PCM, 48,000 bytes a second (633 MB for
 * a 60-minute 4-language dub); Opus ("for internet streaming and communication, low latency") is the smallest for
 * speech and, in its Ogg container, records its encoder delay (pre-skip) and end trim, so the decoded audio has the
 * exact length the API spoke (MP3 and AAC add priming and padding samples a decoder may keep, which would shift the
 * dub's timing). So the engine asks for `opus`, keeps only those bytes, and ffmpeg decodes them once to the 24 kHz
 * mono 16-bit WAV the mixer reads (the pieces of a long text are joined in the same run).
 */
import { writeFile } from 'node:fs/promises';
import type { OpenAiEndpoint } from '../../config/engines.config.ts';
import type { SynthesizeOptions, Voice, VoiceEngine } from '../voice.engine.ts';
import type { EngineHttpSettings } from '../http-client.ts';
import { openAiAvailable, openAiClient } from '../openai-client.ts';
import { callWithRetry, readOpenAiFailure } from '../sdk-call.ts';
import { speakInPieces } from './speech-pieces.ts';
import { STUDIO_LANGUAGES, normaliseLanguage } from '../../../../contract/languages.ts';

/** The API's input limit, characters. */
export const OPENAI_SPEECH_INPUT_LIMIT = 4096;
/** The audio format asked of the API (see the module note). */
export const OPENAI_SPEECH_FORMAT = 'opus';
/** Sample rate of the API's speech, Hz (its WAV and PCM are 24 kHz): the decoded WAV keeps it. */
export const OPENAI_SPEECH_RATE = 24_000;

const VOICES: { id: string; gender: Voice['gender'] }[] = [
  { id: 'alloy', gender: 'neutral' },
  { id: 'onyx', gender: 'male' },
  { id: 'nova', gender: 'female' },
  { id: 'echo', gender: 'male' },
  { id: 'shimmer', gender: 'female' },
  { id: 'fable', gender: 'neutral' },
];

/** Creates the engine for one endpoint. @throws from `synthesize`: EngineHttpError naming the server's message. */
export function createOpenAiVoiceEngine(ep: OpenAiEndpoint, http: EngineHttpSettings): VoiceEngine {
  const client = openAiClient(ep, http);

  /** Speaks one piece of at most 4,096 characters into `out` (the API's Opus bytes, as they came). */
  async function speak(input: string, opts: SynthesizeOptions, out: string) {
    const res = await callWithRetry(
      async (s) => {
        const r = await client.audio.speech.create(
          {
            model: ep.model,
            input,
            voice: opts.voice,
            response_format: OPENAI_SPEECH_FORMAT,
            speed: opts.speed ?? 1,
          },
          { signal: s },
        );
        return Buffer.from(await r.arrayBuffer());
      },
      readOpenAiFailure,
      { engine: 'openai voice', signal: opts.signal, ...http, units: input.length },
    );
    await writeFile(out, res);
  }

  return {
    id: 'openai',
    kind: 'network',
    voices: (language) =>
      (STUDIO_LANGUAGES as readonly string[]).includes(normaliseLanguage(language))
        ? VOICES.map((v) => ({
            ...v,
            name: v.id[0].toUpperCase() + v.id.slice(1),
            language: normaliseLanguage(language),
            quality: 'neural' as const,
          }))
        : [],
    available: () => openAiAvailable(client),
    // One decode: the pieces' Opus joined in order into the 24 kHz mono WAV the mixer reads.
    synthesize: (text, opts) =>
      speakInPieces(
        text,
        OPENAI_SPEECH_INPUT_LIMIT,
        { outPath: opts.outPath, ext: 'ogg', rate: OPENAI_SPEECH_RATE, signal: opts.signal },
        (piece, file) => speak(piece, opts, file),
      ),
  };
}
