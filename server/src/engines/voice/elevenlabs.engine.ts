/**
 * Premium voices through ElevenLabs text-to-speech (POST /v1/text-to-speech/{voice_id}, issue 21 item 4) with the
 * official `@elevenlabs/elevenlabs-js` SDK: `{text, model_id, voice_settings: {speed}}` with
 * `output_format=opus_48000_64` (Opus in Ogg at 64 kbit/s: about a twelfth of the WAV it decodes to, and, unlike
 * MP3, its container records the encoder delay and end trim, so the decoded clip has the exact length spoken),
 * decoded here to the 16-bit WAV the voice-over stage fits and mixes. The multilingual models
 * speak every studio language. Input limits per request (ElevenLabs help centre, "What's the maximum amount of
 * characters"): 10,000 characters for Multilingual/English v1-v2, 30,000 for Flash/Turbo v2, 40,000 for
 * Flash/Turbo v2.5; a longer text is split at sentence ends (speech-pieces.ts) and the pieces joined in order.
 * The API's `speed` setting takes 0.7 … 1.2 (VoiceSettings); a faster fit is left to the voice-over stage.
 * Instant voice cloning (issue 21 item 4): POST /v1/voices/add (`(await client()).voices.ivc.create({name, files})`, answers
 * `{voice_id, requires_verification}`) and DELETE /v1/voices/{voice_id} (`client.voices.delete`).
 * Retries, timeouts and error kinds as every SDK engine (sdk-call.ts).
 */
import { writeFile } from 'node:fs/promises';
import { elevenLabsAvailable, elevenLabsClient } from '../elevenlabs-client.ts';
import type { ElevenLabsVoiceConfig } from '../../config/engines.config.ts';
import type { EngineHttpSettings } from '../http-client.ts';
import { callWithRetry, readElevenLabsFailure } from '../sdk-call.ts';
import type { SynthesizeOptions, Voice, VoiceEngine } from '../voice.engine.ts';
import { speakInPieces } from './speech-pieces.ts';
import { STUDIO_LANGUAGES, normaliseLanguage } from '../../../../contract/languages.ts';

/** The audio format asked for: Opus, 48 kHz, 64 kbit/s (see the module note). */
export const ELEVENLABS_OUTPUT_FORMAT = 'opus_48000_64';

/** The `speed` voice setting's range (VoiceSettings: 0.7 … 1.2, 1 = the voice's own pace). */
const SPEED_RANGE = [0.7, 1.2] as const;

/**
 * The input limit of a text-to-speech model, characters (ElevenLabs help centre); 10,000 for any model not listed,
 * the smallest of the documented limits.
 */
export function elevenLabsInputLimit(model: string): number {
  if (/^eleven_(flash|turbo)_v2_5$/.test(model)) return 40_000;
  if (/^eleven_(flash|turbo)_v2$/.test(model)) return 30_000;
  return 10_000;
}

/**
 * ElevenLabs' premade voices offered when the operator lists none (ELEVENLABS_VOICES): ids as published in the
 * voice library, stable across accounts.
 */
export const ELEVENLABS_DEFAULT_VOICES: readonly Pick<Voice, 'id' | 'name' | 'gender'>[] = [
  { id: '21m00Tcm4TlvDq8ikWAM', name: 'Rachel', gender: 'female' },
  { id: 'pNInz6obpgDQGcFmaJgB', name: 'Adam', gender: 'male' },
  { id: 'EXAVITQu4vr4xnSDxMaL', name: 'Bella', gender: 'female' },
  { id: 'ErXwobaYiN019PkySvjV', name: 'Antoni', gender: 'male' },
  { id: 'AZnzlk1XvdvUeBnXmlld', name: 'Domi', gender: 'female' },
  { id: 'TxGEqnHWrfWFTfGW9XjX', name: 'Josh', gender: 'male' },
];

/**
 * Creates the engine for one account.
 * @throws from `synthesize`: EngineHttpError naming ElevenLabs and the API's message (unknown voice, quota, input
 *   over the limit); the signal's reason when aborted.
 */
export function createElevenLabsVoiceEngine(cfg: ElevenLabsVoiceConfig, http: EngineHttpSettings): VoiceEngine {
  const client = elevenLabsClient(cfg, http);
  const voices = cfg.voices.length ? cfg.voices : ELEVENLABS_DEFAULT_VOICES;
  const limit = elevenLabsInputLimit(cfg.model);

  /** Speaks one piece within the model's input limit into `out` (the API's Ogg Opus bytes, as they came). */
  async function speak(text: string, opts: SynthesizeOptions, out: string) {
    const speed = Math.min(SPEED_RANGE[1], Math.max(SPEED_RANGE[0], opts.speed ?? 1));
    const audio = await callWithRetry(
      async (signal) => {
        const stream = await (
          await client()
        ).textToSpeech.convert(
          opts.voice,
          { text, modelId: cfg.model, outputFormat: ELEVENLABS_OUTPUT_FORMAT, voiceSettings: { speed } },
          { abortSignal: signal },
        );
        return Buffer.from(await new Response(stream).arrayBuffer());
      },
      readElevenLabsFailure,
      { engine: 'elevenlabs voice', signal: opts.signal, ...http, units: text.length },
    );
    await writeFile(out, audio);
  }

  return {
    id: 'elevenlabs',
    kind: 'network',
    voices: (language) => {
      const code = normaliseLanguage(language);
      return (STUDIO_LANGUAGES as readonly string[]).includes(code)
        ? voices.map((v) => ({ ...v, language: code, quality: 'neural' as const }))
        : [];
    },
    available: () => elevenLabsAvailable(client),
    async cloneVoice(samplePath, name, signal) {
      const made = await callWithRetry(
        async (sig) =>
          (await client()).voices.ivc.create(
            { name, files: [{ path: samplePath, contentType: 'audio/wav' }] },
            { abortSignal: sig, timeoutInSeconds: Math.max(http.timeoutSeconds, 120) },
          ),
        readElevenLabsFailure,
        { engine: 'elevenlabs voice cloning', signal, ...http },
      );
      return made.voiceId;
    },
    async deleteVoice(voiceId) {
      await callWithRetry(
        async (sig) => (await client()).voices.delete(voiceId, { abortSignal: sig }),
        readElevenLabsFailure,
        {
          engine: 'elevenlabs voice cloning',
          ...http,
        },
      );
    },
    synthesize: (text, opts) =>
      speakInPieces(text, limit, { outPath: opts.outPath, signal: opts.signal, ext: 'ogg' }, (piece, out) =>
        speak(piece, opts, out),
      ),
  };
}
