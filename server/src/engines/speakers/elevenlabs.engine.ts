/**
 * Speaker diarization through ElevenLabs speech-to-text (POST /v1/speech-to-text, model `scribe_v1`/`scribe_v2`)
 * with the official `@elevenlabs/elevenlabs-js` SDK: `diarize=true`, word timestamps, and `num_speakers` when the
 * user gave the count (the API takes 1 … 32). Each word of the answer carries `speaker_id` (`speaker_0` …);
 * consecutive words of one speaker make a turn, from the first word's start to the last word's end (seconds).
 * Spacing and audio-event entries are skipped. Retries, timeouts and error kinds as every SDK engine (sdk-call.ts).
 */
import { readFile } from 'node:fs/promises';
import { elevenLabsAvailable, elevenLabsClient } from '../elevenlabs-client.ts';
import type { EngineHttpSettings } from '../http-client.ts';
import { wavSeconds } from '../../audio/wav.ts';
import { callWithRetry, readElevenLabsFailure } from '../sdk-call.ts';
import { normaliseLanguage } from '../../../../contract/languages.ts';
import type { DiarizeOptions, SpeakersEngine, SpeakerTurn } from '../speakers.engine.ts';

/** An ElevenLabs endpoint: `baseUrl` without a trailing slash (https://api.elevenlabs.io), the key, the model. */
export interface ElevenLabsEndpoint {
  baseUrl: string;
  apiKey: string;
  model: string;
}

/** A word of the answer (SpeechToTextWordResponseModel). */
interface AnswerWord {
  text: string;
  start?: number;
  end?: number;
  type: string;
  speakerId?: string;
}

/** Turns from the answer's words: consecutive `word` entries of one speaker, in time order. */
export function turnsOfWords(words: readonly AnswerWord[]): SpeakerTurn[] {
  const turns: SpeakerTurn[] = [];
  for (const w of words) {
    if (w.type !== 'word' || w.start === undefined || w.end === undefined) continue;
    const speaker = w.speakerId ?? 'speaker_0';
    const last = turns.at(-1);
    if (last && last.speaker === speaker) last.end = Math.max(last.end, w.end);
    else turns.push({ start: w.start, end: w.end, speaker });
  }
  return turns;
}

/**
 * Creates the engine for one endpoint.
 * @throws from `diarize`: EngineHttpError naming ElevenLabs and the API's message; the signal's reason when aborted.
 */
export function createElevenLabsSpeakersEngine(ep: ElevenLabsEndpoint, http: EngineHttpSettings): SpeakersEngine {
  const client = elevenLabsClient(ep, http);
  return {
    id: 'elevenlabs',
    kind: 'network',
    available: () => elevenLabsAvailable(client),
    async diarize(wavPath: string, opts: DiarizeOptions): Promise<SpeakerTurn[]> {
      const audio = await readFile(wavPath);
      const language = opts.language && opts.language !== 'auto' ? normaliseLanguage(opts.language) : undefined;
      const answer = await callWithRetry(
        async (signal) =>
          (await client()).speechToText.convert(
            {
              file: new Blob([audio], { type: 'audio/wav' }),
              modelId: ep.model,
              diarize: true,
              timestampsGranularity: 'word',
              tagAudioEvents: false,
              ...(opts.numSpeakers ? { numSpeakers: opts.numSpeakers } : {}),
              ...(language ? { languageCode: language } : {}),
            },
            { abortSignal: signal },
          ),
        readElevenLabsFailure,
        { engine: 'elevenlabs speakers', signal: opts.signal, ...http, units: wavSeconds(audio) },
      );
      return turnsOfWords(answer.words ?? []);
    },
  };
}
