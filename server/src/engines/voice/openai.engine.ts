/**
 * Voices through an OpenAI-compatible `/v1/audio/speech` with the official `openai` SDK (`{model, input, voice,
 * response_format: "wav", speed}` -> audio bytes). The neural engine for 'dubbing' mode; its voices speak every
 * language. The API takes at most 4,096 characters of input (API reference, "The maximum length is 4096
 * characters"): a longer text is split at sentence ends (speech-pieces.ts), each piece spoken, and the pieces'
 * audio joined in order into one WAV.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { OpenAiEndpoint } from '../../config/engines.config.ts';
import type { SynthesizeOptions, Voice, VoiceEngine } from '../voice.engine.ts';
import type { EngineHttpSettings } from '../http-client.ts';
import { openAiAvailable, openAiClient } from '../openai-client.ts';
import { callWithRetry, readOpenAiFailure } from '../sdk-call.ts';
import { runProcess } from '../run-process.ts';
import { splitAtSentences } from './speech-pieces.ts';
import { STUDIO_LANGUAGES, normaliseLanguage } from '../../../../contract/languages.ts';

/** The API's input limit, characters. */
export const OPENAI_SPEECH_INPUT_LIMIT = 4096;

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

  /** Speaks one piece of at most 4,096 characters into `out` (WAV). */
  async function speak(input: string, opts: SynthesizeOptions, out: string) {
    const res = await callWithRetry(
      async (s) => {
        const r = await client.audio.speech.create(
          { model: ep.model, input, voice: opts.voice, response_format: 'wav', speed: opts.speed ?? 1 },
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
    async synthesize(text: string, opts: SynthesizeOptions): Promise<void> {
      const pieces = splitAtSentences(text, OPENAI_SPEECH_INPUT_LIMIT);
      if (pieces.length === 1) return speak(pieces[0], opts, opts.outPath);
      const dir = await mkdtemp(path.join(os.tmpdir(), 'openai-voice-'));
      try {
        const files: string[] = [];
        for (const [i, piece] of pieces.entries()) {
          const f = path.join(dir, `piece-${i}.wav`);
          await speak(piece, opts, f);
          files.push(f);
        }
        // The concat filter joins the pieces' audio in order (the same voice and format, so no gap is added).
        await runProcess(
          'ffmpeg',
          [
            '-v',
            'error',
            '-y',
            ...files.flatMap((f) => ['-i', f]),
            '-filter_complex',
            `${files.map((_, i) => `[${i}:a]`).join('')}concat=n=${files.length}:v=0:a=1`,
            '-c:a',
            'pcm_s16le',
            opts.outPath,
          ],
          { signal: opts.signal },
        );
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
