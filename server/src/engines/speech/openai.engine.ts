/**
 * Speech recognition through an OpenAI-compatible `/v1/audio/transcriptions` (OpenAI, Groq, speaches, LocalAI):
 * multipart form with `response_format=verbose_json` and `timestamp_granularities[]=word` and `=segment`.
 * Words get the punctuation and capitals of their segment's text (segment-punctuation.ts).
 * The answer's `language` is a name ("english") on OpenAI and a code on some servers; both are accepted.
 */
import { readFile } from 'node:fs/promises';
import type { OpenAiEndpoint } from '../../config/engines.config.ts';
import type { SpeechEngine, Transcript, TranscribeOptions } from '../speech.engine.ts';
import { fetchWithRetry, type EngineHttpSettings } from '../http-client.ts';
import { punctuateWords } from './segment-punctuation.ts';
import { LANGUAGE_NAMES, normaliseLanguage } from '../../../../contract/languages.ts';

const CODE_BY_NAME = Object.fromEntries(
  Object.entries(LANGUAGE_NAMES).map(([code, name]) => [name.toLowerCase(), code]),
);

interface VerboseJson {
  language?: string;
  duration?: number;
  words?: { word: string; start: number; end: number }[];
  segments?: { start: number; end: number; text: string }[];
}

/** Creates the engine for one endpoint. @throws from `transcribe`: EngineHttpError naming the server's message. */
export function createOpenAiSpeechEngine(ep: OpenAiEndpoint, http: EngineHttpSettings): SpeechEngine {
  const auth: Record<string, string> = ep.apiKey ? { authorization: `Bearer ${ep.apiKey}` } : {};
  return {
    id: 'openai',
    kind: 'network',
    languages: '*',
    detectsLanguage: true,
    async available() {
      try {
        return (await fetch(`${ep.baseUrl}/v1/models`, { headers: auth, signal: AbortSignal.timeout(5000) })).ok;
      } catch {
        return false;
      }
    },
    async transcribe(wavPath: string, opts: TranscribeOptions): Promise<Transcript> {
      const audio = await readFile(wavPath);
      const form = () => {
        const f = new FormData();
        f.append('file', new Blob([audio], { type: 'audio/wav' }), 'audio.wav');
        f.append('model', ep.model);
        f.append('response_format', 'verbose_json');
        f.append('timestamp_granularities[]', 'word');
        f.append('timestamp_granularities[]', 'segment');
        if (opts.language !== 'auto') f.append('language', normaliseLanguage(opts.language));
        return f;
      };
      // A FormData body is consumed by one fetch, so each retry gets a fresh one through a getter.
      const init = {
        method: 'POST',
        headers: auth,
        get body() {
          return form();
        },
      } as RequestInit;
      const res = await fetchWithRetry(`${ep.baseUrl}/v1/audio/transcriptions`, init, {
        engine: 'openai speech',
        signal: opts.signal,
        ...http,
      });
      const j = (await res.json()) as VerboseJson;
      // Word timestamps carry no punctuation; the segment texts do (punctuateWords).
      const segments = (j.segments ?? []).map((s) => ({ start: s.start, end: s.end, text: s.text.trim() }));
      const words = punctuateWords(
        (j.words ?? []).map((w) => ({ text: w.word.trim(), start: w.start, end: w.end })).filter((w) => w.text),
        segments,
      );
      // The API's "segments" are the recogniser's utterances.
      const utterances = segments.map((s) => ({
        ...s,
        words: words.filter((w) => w.start >= s.start - 0.01 && w.start < s.end),
      }));
      const reported = (j.language ?? '').toLowerCase();
      const language =
        opts.language !== 'auto'
          ? normaliseLanguage(opts.language)
          : (CODE_BY_NAME[reported] ?? normaliseLanguage(reported || 'en'));
      return {
        language,
        detected: opts.language === 'auto' && !!j.language,
        words,
        utterances,
        durationSeconds: j.duration,
      };
    },
  };
}
