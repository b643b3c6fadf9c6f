/**
 * Speaker diarization through OpenAI's `/v1/audio/transcriptions` with `gpt-4o-transcribe-diarize` and
 * `response_format=diarized_json` (the official `openai` SDK): the answer's `segments` carry `start`, `end`
 * (seconds) and `speaker` (`A`, `B` … ), which become the turns. `chunking_strategy=auto` is sent, as the API
 * requires it for audio over 30 seconds. The API takes no number of speakers: `numSpeakers` is not sent.
 */
import { readFile } from 'node:fs/promises';
import OpenAI, { APIError, toFile } from 'openai';
import type { TranscriptionDiarized } from 'openai/resources/audio/transcriptions';
import type { OpenAiEndpoint } from '../../config/engines.config.ts';
import { normaliseLanguage } from '../../../../contract/languages.ts';
import type { DiarizeOptions, SpeakersEngine, SpeakerTurn } from '../speakers.engine.ts';
import type { EngineMeter } from '../engine-usage.ts';
import { wavSeconds } from '../../audio/wav.ts';

/**
 * Creates the engine for one endpoint (`baseUrl` without `/v1`).
 * @throws from `diarize`: the SDK's APIError (status and the API's message) or connection error, naming OpenAI;
 *         the meter's EngineHttpError (kind 'spend_cap') before sending when OpenAI reached its monthly spend cap.
 *         With `http.meter`, each call (the SDK's own retries inside) is counted with the audio's seconds.
 */
export function createOpenAiSpeakersEngine(
  ep: OpenAiEndpoint,
  http: { timeoutSeconds: number; retries: number; meter?: EngineMeter },
): SpeakersEngine {
  const client = new OpenAI({
    apiKey: ep.apiKey ?? 'none',
    baseURL: `${ep.baseUrl}/v1`,
    timeout: http.timeoutSeconds * 1000,
    maxRetries: http.retries,
  });
  return {
    id: 'openai',
    kind: 'network',
    async available() {
      try {
        await client.models.list({ timeout: 5000, maxRetries: 0 });
        return true;
      } catch {
        return false;
      }
    },
    async diarize(wavPath: string, opts: DiarizeOptions): Promise<SpeakerTurn[]> {
      const audio = await readFile(wavPath);
      const file = await toFile(audio, 'audio.wav', { type: 'audio/wav' });
      const language = opts.language && opts.language !== 'auto' ? normaliseLanguage(opts.language) : undefined;
      await http.meter?.admit();
      const sentAt = performance.now();
      const took = () => (performance.now() - sentAt) / 1000;
      try {
        const res = await client.audio.transcriptions.create(
          {
            file,
            model: ep.model,
            response_format: 'diarized_json',
            chunking_strategy: 'auto',
            ...(language ? { language } : {}),
          },
          { signal: opts.signal },
        );
        await http.meter?.observe({ status: 200, seconds: took() }, wavSeconds(audio));
        // The SDK types diarized_json's answer as a plain Transcription; the documented shape is TranscriptionDiarized.
        const diarized = res as unknown as TranscriptionDiarized;
        if (!Array.isArray(diarized.segments)) throw new Error('the answer has no diarized segments');
        return diarized.segments.map((s) => ({ start: s.start, end: s.end, speaker: s.speaker }));
      } catch (e) {
        if (opts.signal?.aborted) throw opts.signal.reason;
        if (e instanceof APIError) {
          const status: unknown = e.status;
          await http.meter?.observe({ status: typeof status === 'number' ? status : 0, seconds: took() }, 0);
        }
        throw new Error(`openai speakers: ${(e as Error).message}`);
      }
    },
  };
}
