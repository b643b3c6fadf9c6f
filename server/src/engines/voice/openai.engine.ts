/**
 * Voices through an OpenAI-compatible `/v1/audio/speech` (JSON `{model, input, voice, response_format: "wav", speed}`
 * -> audio bytes). The neural engine for 'dubbing' mode; its voices speak every language.
 */
import { writeFile } from 'node:fs/promises';
import type { OpenAiEndpoint } from '../../config/engines.config.ts';
import type { SynthesizeOptions, Voice, VoiceEngine } from '../voice.engine.ts';
import { fetchWithRetry, type EngineHttpSettings } from '../http-client.ts';
import { STUDIO_LANGUAGES, normaliseLanguage } from '../../../../contract/languages.ts';

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
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (ep.apiKey) headers.authorization = `Bearer ${ep.apiKey}`;
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
    async available() {
      try {
        return (await fetch(`${ep.baseUrl}/v1/models`, { headers, signal: AbortSignal.timeout(5000) })).ok;
      } catch {
        return false;
      }
    },
    async synthesize(text: string, opts: SynthesizeOptions): Promise<void> {
      const res = await fetchWithRetry(
        `${ep.baseUrl}/v1/audio/speech`,
        {
          method: 'POST',
          headers,
          body: JSON.stringify({
            model: ep.model,
            input: text,
            voice: opts.voice,
            response_format: 'wav',
            speed: opts.speed ?? 1,
          }),
        },
        { engine: 'openai voice', signal: opts.signal, ...http },
      );
      await writeFile(opts.outPath, Buffer.from(await res.arrayBuffer()));
    },
  };
}
