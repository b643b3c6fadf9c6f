/**
 * A local server speaking the OpenAI API (https://platform.openai.com/docs/api-reference) for the endpoints the
 * engines use, doing real work so tests can verify results:
 * - GET /v1/models
 * - POST /v1/chat/completions: reads the translation request JSON of the user message and translates it with
 *   the fake translator (Apertium / fixed glossary); a rephrasing request (`{"items":[{"translation",
 *   "max_characters"}]}`, the engine's REPHRASE_SYSTEM_PROMPT) is answered by a deterministic rule that shortens
 *   (shortenTo: drops the longest inner words until the line fits); any other message is answered with itself.
 * - POST /v1/audio/transcriptions (multipart): real recognition with pocketsphinx; verbose_json with word and
 *   segment timestamps (words without punctuation, segment texts punctuated, as the API answers), json, text;
 *   diarized_json (model gpt-4o-transcribe-diarize only, chunking_strategy
 *   required over 30 s, no timestamp_granularities) with segments `{ type, id, start, end, text, speaker }` whose
 *   speakers `A`, `B` … come from a real diarization (the classic local engine).
 *   Uploads over 25 MB are refused with 413, as the API does ("File uploads are currently limited to 25 MB").
 *   With `recording`, uploads that are excerpts of that recording are answered from its transcript (held-recording.ts)
 *   instead of running pocketsphinx: long media in tests.
 * - POST /v1/audio/speech: real speech made with espeak-ng, encoded by ffmpeg in the `response_format` asked (mp3 by
 *   default, opus in Ogg, aac in ADTS, flac, wav, raw pcm; 24 kHz mono as the API documents).
 * - `response_format` of chat completions: `text`, `json_object`, or `json_schema` (Structured Outputs, needs
 *   `json_schema.name`); `noJsonSchema` makes the server refuse json_schema as models without it do.
 * - `slips`: the next translation answers slip as models do now and then, one per answer: 'drop' leaves out the
 *   middle translation, 'prose' wraps the JSON in sentences, 'truncate' cuts the answer (finish_reason "length").
 * - `rephraseSlips`: the next that many rephrasing answers slip into the translation request's shape
 *   (`{"translations": []}` instead of `{"rephrasings": [...]}`), as a model confusing the two prompts does.
 * - The model's limits (gpt-4o-mini: a 128,000-token context, 16,384 output tokens; `contextTokens`,
 *   `maxOutputTokens` to change them; tokens counted by fakeTokens): a longer prompt is refused with 400
 *   `context_length_exceeded`, a longer answer is cut there with finish_reason "length", as the API does.
 * - `lengthen`: per target language, translations made that many times as long as their source (lengthenTo);
 *   `wordByWord`: every translation by the fixed glossary, never Apertium.
 * - `transcriptionDelayMs`: every transcription answers that much later (a slow or busy server).
 * Errors as documented: 401 invalid_api_key, 400 invalid_request_error with `param`, 404 unknown model, 413, 429.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createPocketsphinxEngine } from '../../../server/src/engines/speech/pocketsphinx.engine.ts';
import { runProcess } from '../../../server/src/engines/run-process.ts';
import { diarizeClassic } from '../../../server/src/engines/speakers/classic/classic.ts';
import { readWav } from '../../../server/src/audio/wav.ts';
import { LANGUAGE_NAMES, languageName } from '../../../contract/languages.ts';
import { fakeTokens, fakeTranslate, lengthenTo } from './fake-translator.ts';
import { heldRecogniser, type HeldRecording } from './held-recording.ts';
import { formBody, jsonBody, startFakeServer, type FakeResponse, type FakeServer } from './fake-http.ts';

const MODELS = ['whisper-1', 'gpt-4o-mini', 'tts-1', 'tts-1-hd', 'gpt-4o-transcribe-diarize'];
const DIARIZE_MODEL = 'gpt-4o-transcribe-diarize';

/** The diarized_json answer: consecutive words of one speaker make a segment; speakers lettered A, B … */
function diarizedJson(
  turns: { start: number; end: number; speaker: string }[],
  words: { text: string; start: number; end: number }[],
  duration: number,
  text: string,
) {
  const letters = new Map<string, string>();
  const segments: { type: string; id: string; start: number; end: number; text: string; speaker: string }[] = [];
  for (const w of words) {
    const turn = turns.find((t) => w.start < t.end && w.end > t.start) ?? turns[0];
    const key = turn?.speaker ?? 'S1';
    if (!letters.has(key)) letters.set(key, String.fromCharCode(65 + letters.size));
    const speaker = letters.get(key)!;
    const last = segments.at(-1);
    if (last && last.speaker === speaker) {
      last.end = w.end;
      last.text += ` ${w.text}`;
    } else
      segments.push({
        type: 'transcript.text.segment',
        id: `seg_${segments.length}`,
        start: w.start,
        end: w.end,
        text: w.text,
        speaker,
      });
  }
  return { task: 'transcribe', duration, text, segments, usage: { type: 'duration', seconds: Math.ceil(duration) } };
}
/** Utterances of held words: a pause of 0.5 s or more ends one. */
function heldTranscript(words: { text: string; start: number; end: number }[]) {
  const utterances: { start: number; end: number; words: typeof words }[] = [];
  for (const w of words) {
    const u = utterances.at(-1);
    if (u && w.start - u.end < 0.5) {
      u.words.push(w);
      u.end = w.end;
    } else utterances.push({ start: w.start, end: w.end, words: [w] });
  }
  return { words, utterances };
}
/**
 * The fake's rephrasing: `text` within `max` characters, as a model asked for a shorter line would answer. Words
 * of the middle (not the first, not the last) are dropped, longest first (adjectives and long words go, the
 * sentence's start and its final punctuation stay), until the text fits or only two words are left.
 * Deterministic, so a test can say which answer is voiced.
 */
export function shortenTo(text: string, max: number): string {
  const words = text.split(/\s+/).filter(Boolean);
  const len = () => [...words.join(' ')].length;
  while (len() > max && words.length > 2) {
    let k = 1;
    for (let j = 2; j < words.length - 1; j++) if (words[j].length > words[k].length) k = j;
    words.splice(k, 1);
  }
  return words.join(' ');
}

const VOICES = ['alloy', 'ash', 'coral', 'echo', 'fable', 'onyx', 'nova', 'sage', 'shimmer'];
const CODE_BY_NAME = Object.fromEntries(Object.entries(LANGUAGE_NAMES).map(([c, n]) => [n.toLowerCase(), c]));

/**
 * A segment's text as the API writes it: capitalised and punctuated (the documented verbose_json example:
 * segment " The beach was a popular spot on a hot summer day." while its words carry no punctuation).
 * Here a comma marks a pause of 0.15 s or more inside the segment and a full stop its end.
 */
function punctuatedText(words: { text: string; start: number; end: number }[]): string {
  const parts = words.map((w, i) => {
    const next = words[i + 1];
    const text = i === 0 ? w.text.charAt(0).toUpperCase() + w.text.slice(1) : w.text;
    return next ? (next.start - w.end >= 0.15 ? `${text},` : text) : `${text}.`;
  });
  return parts.join(' ');
}

const invalid = (message: string, param: string | null, status = 400): FakeResponse => ({
  status,
  body: { error: { message, type: 'invalid_request_error', param, code: null } },
});

/** How a model's translation answer slips (see the file's docstring). */
export type ModelSlip = 'drop' | 'prose' | 'truncate';

/** The API's upload limit, bytes (25 MB). */
export const UPLOAD_LIMIT_BYTES = 25 * 1024 * 1024;

/** The content of a translation answer after a slip. */
function slipped(translations: string[], slip: ModelSlip | undefined): { content: string; finish: string } {
  if (slip === 'drop') translations = translations.filter((_, i) => i !== Math.floor(translations.length / 2));
  const json = JSON.stringify({ translations });
  if (slip === 'prose')
    return {
      content: `Here are the translations:\n\n${json}\n\nLet me know if you need anything else.`,
      finish: 'stop',
    };
  if (slip === 'truncate') return { content: json.slice(0, Math.floor(json.length / 2)), finish: 'length' };
  return { content: json, finish: 'stop' };
}

/**
 * Starts the fake. `apiKey`: when set, requests must carry `Authorization: Bearer apiKey`; `recording`: answer
 * transcriptions from this recording's transcript; `slips`: the next translation answers' slips, in order;
 * `noJsonSchema`: refuse `response_format` json_schema.
 */
export async function startFakeOpenAi(
  opts: {
    apiKey?: string;
    recording?: HeldRecording;
    slips?: ModelSlip[];
    noJsonSchema?: boolean;
    contextTokens?: number;
    maxOutputTokens?: number;
    lengthen?: Record<string, number>;
    /** Translate word by word with the fixed glossary, never Apertium (fake-translator.ts fakeTranslate). */
    wordByWord?: boolean;
    /** The next that many rephrasing answers are `{"translations": []}` (see the file's docstring). */
    rephraseSlips?: number;
    /** Each transcription answers only after this many milliseconds more, as a busy server does. */
    transcriptionDelayMs?: number;
  } = {},
): Promise<FakeServer> {
  const sphinx = createPocketsphinxEngine();
  const held = opts.recording ? heldRecogniser(opts.recording) : undefined;
  const slips = [...(opts.slips ?? [])];
  let rephraseSlips = opts.rephraseSlips ?? 0;
  return startFakeServer(
    async (req) => {
      if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`)
        return {
          status: 401,
          body: {
            error: {
              message: 'Incorrect API key provided.',
              type: 'invalid_request_error',
              param: null,
              code: 'invalid_api_key',
            },
          },
        };
      const url = req.path.split('?')[0];
      if (req.method === 'GET' && url === '/v1/models')
        return {
          status: 200,
          body: {
            object: 'list',
            data: MODELS.map((id) => ({ id, object: 'model', created: 1700000000, owned_by: 'system' })),
          },
        };
      if (req.method !== 'POST')
        return {
          status: 404,
          body: {
            error: {
              message: `Invalid URL (${req.method} ${url})`,
              type: 'invalid_request_error',
              param: null,
              code: null,
            },
          },
        };

      if (url === '/v1/chat/completions') {
        const b = jsonBody(req);
        if (!b) return invalid('We could not parse the JSON body of your request.', null);
        if (typeof b.model !== 'string') return invalid('you must provide a model parameter', 'model');
        if (!MODELS.includes(b.model))
          return {
            status: 404,
            body: {
              error: {
                message: `The model \`${b.model}\` does not exist`,
                type: 'invalid_request_error',
                param: null,
                code: 'model_not_found',
              },
            },
          };
        if (!Array.isArray(b.messages) || b.messages.length === 0)
          return invalid("Invalid 'messages': empty array.", 'messages');
        for (const m of b.messages)
          if (!['system', 'user', 'assistant', 'developer'].includes(m?.role) || typeof m?.content !== 'string')
            return invalid("Invalid 'messages': each message needs a role and string content.", 'messages');
        const rf = b.response_format as { type?: string; json_schema?: { name?: unknown } } | undefined;
        if (rf !== undefined && !['text', 'json_object', 'json_schema'].includes(String(rf?.type)))
          return invalid(
            `Invalid value: '${rf?.type}'. Supported values are: 'text', 'json_object' and 'json_schema'.`,
            'response_format.type',
          );
        if (rf?.type === 'json_schema' && opts.noJsonSchema)
          return invalid(
            "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
            'response_format',
          );
        if (rf?.type === 'json_schema' && typeof rf.json_schema?.name !== 'string')
          return invalid(
            "Missing required parameter: 'response_format.json_schema.name'.",
            'response_format.json_schema.name',
          );
        const prompt = fakeTokens(b.messages.map((m: { content: string }) => m.content).join(''));
        if (prompt > (opts.contextTokens ?? 128_000))
          return {
            status: 400,
            body: {
              error: {
                message: `This model's maximum context length is ${opts.contextTokens ?? 128_000} tokens. However, your messages resulted in ${prompt} tokens. Please reduce the length of the messages.`,
                type: 'invalid_request_error',
                param: 'messages',
                code: 'context_length_exceeded',
              },
            },
          };
        const last = [...b.messages].reverse().find((m: { role: string }) => m.role === 'user')?.content ?? '';
        let content = last;
        let finish = 'stop';
        try {
          const task = JSON.parse(last);
          const from = CODE_BY_NAME[String(task.source_language).toLowerCase()] ?? task.source_language;
          const to = CODE_BY_NAME[String(task.target_language).toLowerCase()] ?? task.target_language;
          if (Array.isArray(task.texts)) {
            const factor = opts.lengthen?.[to];
            const translated = (await fakeTranslate(task.texts, from, to, { wordByWord: opts.wordByWord })).map(
              (t, i) => (factor ? lengthenTo(t, String(task.texts[i]), factor) : t),
            );
            ({ content, finish } = slipped(translated, slips.shift()));
          } else if (Array.isArray(task.items) && rephraseSlips > 0) {
            rephraseSlips--;
            content = JSON.stringify({ translations: [] });
          } else if (Array.isArray(task.items))
            content = JSON.stringify({
              rephrasings: task.items.map((x: { translation?: unknown; max_characters?: unknown }) =>
                shortenTo(typeof x.translation === 'string' ? x.translation : '', Number(x.max_characters) || Infinity),
              ),
            });
        } catch {
          /* not a translation request: echo */
        }
        // An answer longer than the model may write is cut there (finish_reason "length").
        const maxOut = opts.maxOutputTokens ?? 16_384;
        if (fakeTokens(content) > maxOut) {
          content = Buffer.from(content, 'utf8')
            .subarray(0, maxOut * 4)
            .toString('utf8');
          finish = 'length';
        }
        return {
          status: 200,
          body: {
            id: `chatcmpl-${Date.now()}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: b.model,
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finish }],
            usage: {
              prompt_tokens: prompt,
              completion_tokens: fakeTokens(content),
              total_tokens: prompt + fakeTokens(content),
            },
          },
        };
      }

      if (url === '/v1/audio/transcriptions') {
        if (opts.transcriptionDelayMs) await new Promise((r) => setTimeout(r, opts.transcriptionDelayMs));
        if (req.body.length > UPLOAD_LIMIT_BYTES)
          return {
            status: 413,
            body: {
              error: {
                message: `Maximum content size limit (${UPLOAD_LIMIT_BYTES}) exceeded (${req.body.length} bytes read)`,
                type: 'server_error',
                param: null,
                code: null,
              },
            },
          };
        if (!String(req.headers['content-type']).startsWith('multipart/form-data'))
          return invalid('Content-type must be multipart/form-data', null);
        const f = await formBody(req);
        const file = f?.get('file');
        if (!f || !(file instanceof Blob)) return invalid("you must provide a 'file'", 'file');
        if (typeof f.get('model') !== 'string') return invalid('you must provide a model parameter', 'model');
        const format = (f.get('response_format') as string) ?? 'json';
        if (!['json', 'text', 'srt', 'verbose_json', 'vtt', 'diarized_json'].includes(format))
          return invalid(`Invalid response_format: ${format}`, 'response_format');
        const granularities = f.getAll('timestamp_granularities[]') as string[];
        if (granularities.length && format !== 'verbose_json')
          return invalid('timestamp_granularities requires response_format=verbose_json', 'timestamp_granularities');
        const model = f.get('model') as string;
        if (format === 'diarized_json' && model !== DIARIZE_MODEL)
          return invalid(`response_format 'diarized_json' is not compatible with model '${model}'.`, 'response_format');
        if (model === DIARIZE_MODEL && !['json', 'text', 'diarized_json'].includes(format))
          return invalid(`response_format '${format}' is not compatible with model '${model}'.`, 'response_format');
        if (model === DIARIZE_MODEL && granularities.length)
          return invalid(`timestamp_granularities is not supported with model '${model}'.`, 'timestamp_granularities');
        const dir = await mkdtemp(path.join(os.tmpdir(), 'fake-openai-'));
        try {
          const input = path.join(dir, 'in');
          await writeFile(input, Buffer.from(await file.arrayBuffer()));
          const wav = path.join(dir, 'a.wav');
          const conv = await runProcess(
            'ffmpeg',
            ['-nostdin', '-loglevel', 'error', '-y', '-i', input, '-ac', '1', '-ar', '16000', wav],
            { allowFailure: true },
          );
          if (conv.code !== 0) return invalid('Audio file might be corrupted or unsupported', 'file');
          const t = held
            ? heldTranscript(held.words(await readWav(wav)))
            : await sphinx.transcribe(wav, { language: 'en' });
          const probe = await runProcess('ffprobe', [
            '-v',
            'error',
            '-show_entries',
            'format=duration',
            '-of',
            'csv=p=0',
            wav,
          ]);
          const lang = typeof f.get('language') === 'string' ? (f.get('language') as string) : 'en';
          const text = t.words.map((w) => w.text).join(' ');
          if (format === 'diarized_json') {
            const duration = Number(probe.stdout.trim());
            if (duration > 30 && !f.get('chunking_strategy'))
              return invalid(
                'chunking_strategy is required for diarization models when audio is longer than 30 seconds.',
                'chunking_strategy',
              );
            return { status: 200, body: diarizedJson(diarizeClassic(await readWav(wav)), t.words, duration, text) };
          }
          if (format === 'text') return { status: 200, headers: { 'content-type': 'text/plain' }, body: text };
          if (format !== 'verbose_json') return { status: 200, body: { text } };
          return {
            status: 200,
            body: {
              task: 'transcribe',
              language: (languageName(lang) ?? lang).toLowerCase(),
              duration: Number(probe.stdout.trim()),
              text,
              ...(granularities.includes('word')
                ? { words: t.words.map((w) => ({ word: w.text, start: w.start, end: w.end })) }
                : {}),
              ...(granularities.length === 0 || granularities.includes('segment')
                ? {
                    segments: t.utterances.map((s, id) => ({
                      id,
                      seek: 0,
                      start: s.start,
                      end: s.end,
                      text: ` ${punctuatedText(s.words)}`,
                      tokens: [],
                      temperature: 0,
                      avg_logprob: -0.3,
                      compression_ratio: 1.2,
                      no_speech_prob: 0.01,
                    })),
                  }
                : {}),
            },
          };
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      }

      if (url === '/v1/audio/speech') {
        const b = jsonBody(req);
        if (!b) return invalid('We could not parse the JSON body of your request.', null);
        if (typeof b.model !== 'string') return invalid('you must provide a model parameter', 'model');
        if (typeof b.input !== 'string' || !b.input) return invalid("Missing required parameter: 'input'.", 'input');
        if (b.input.length > 4096)
          return invalid("Invalid 'input': string too long. Expected a string with maximum length 4096.", 'input');
        if (!VOICES.includes(b.voice)) return invalid(`Invalid value for 'voice': ${b.voice}`, 'voice');
        const format = b.response_format ?? 'mp3';
        if (!['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'].includes(format))
          return invalid(`Invalid value for 'response_format': ${format}`, 'response_format');
        const speed = b.speed ?? 1;
        if (typeof speed !== 'number' || speed < 0.25 || speed > 4)
          return invalid("Invalid 'speed': must be between 0.25 and 4.0", 'speed');
        const dir = await mkdtemp(path.join(os.tmpdir(), 'fake-openai-'));
        try {
          const wav = path.join(dir, 'a.wav');
          // A female or male espeak variant per voice, so voices differ audibly.
          const variant = ['nova', 'shimmer', 'coral'].includes(b.voice) ? '+f3' : '+m3';
          await runProcess(
            'espeak-ng',
            ['-v', `en${variant}`, '-s', String(Math.round(160 * speed)), '-w', wav, '--stdin'],
            { input: b.input },
          );
          // As the API documents: 24 kHz mono in every format; wav and pcm 16-bit, opus in an Ogg container.
          const out = path.join(dir, `out.${format === 'pcm' ? 'raw' : format}`);
          const codec = {
            pcm: ['-f', 's16le'],
            wav: ['-c:a', 'pcm_s16le'],
            opus: ['-c:a', 'libopus', '-f', 'ogg'],
            mp3: ['-c:a', 'libmp3lame'],
            aac: ['-c:a', 'aac', '-f', 'adts'],
            flac: ['-c:a', 'flac'],
          }[format as string] as string[];
          await runProcess('ffmpeg', [
            '-nostdin',
            '-loglevel',
            'error',
            '-y',
            '-i',
            wav,
            '-ac',
            '1',
            '-ar',
            '24000',
            ...codec,
            out,
          ]);
          return {
            status: 200,
            headers: { 'content-type': format === 'mp3' ? 'audio/mpeg' : `audio/${format}` },
            body: await readFile(out),
          };
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      }
      return {
        status: 404,
        body: {
          error: { message: `Invalid URL (POST ${url})`, type: 'invalid_request_error', param: null, code: null },
        },
      };
    },
    {
      error: {
        message: 'Rate limit reached for requests. Please try again in 1s.',
        type: 'requests',
        param: null,
        code: 'rate_limit_exceeded',
      },
    },
    { requestIdHeader: 'x-request-id' },
  );
}
