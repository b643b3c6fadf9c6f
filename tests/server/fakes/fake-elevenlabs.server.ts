/**
 * A local server speaking the ElevenLabs API (https://elevenlabs.io/docs/api-reference) for speaker diarization:
 * - GET /v1/models: the models list.
 * - POST /v1/speech-to-text (multipart/form-data): `model_id` (scribe_v1, scribe_v2) and `file` required,
 *   `diarize`, `num_speakers` (1 … 32), `timestamps_granularity` (none, word, character), `language_code`;
 *   answers `{language_code, language_probability, text, words}` with `word` and `spacing` entries, each with
 *   `start`, `end` (seconds), `logprob` and, with diarize=true, `speaker_id` (`speaker_0` …). The work is real:
 *   pocketsphinx for the words and the classic local diarization for the speakers.
 * - GET /v1/voices: `{voices: [{voice_id, name, category, labels: {gender}}]}` (the six premade voices).
 * - POST /v1/text-to-speech/{voice_id}?output_format=opus_48000_64 (JSON `{text, model_id, voice_settings}`):
 *   real speech (espeak-ng, a female or male variant per voice, `voice_settings.speed` 0.7 … 1.2) encoded as the
 *   format asks (mp3_*, opus_* in Ogg, pcm_*: raw 16-bit little-endian); 10,000 characters at most for the v1/v2 models.
 * - POST /v1/voices/add, DELETE /v1/voices/{voice_id}: instant voice cloning (fake-elevenlabs-voices.ts); the
 *   clones speak through POST /v1/text-to-speech as the premade voices do.
 * - POST /v1/audio-isolation: the voice of the audio as an MP3 stream (fake-elevenlabs-isolation.ts; `isolation`
 *   holds the speech track a test clip was built from, and the limits).
 * Auth: header `xi-api-key`. Errors as documented: 401 `{"detail": {"status": "invalid_api_key", "message"}}`,
 * 400 `{"detail": {"status": "invalid_model", ...}}`, 422 `{"detail": [{"loc", "msg", "type"}]}`, 429.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createPocketsphinxEngine } from '../../../server/src/engines/speech/pocketsphinx.engine.ts';
import { runProcess } from '../../../server/src/engines/run-process.ts';
import { diarizeClassic } from '../../../server/src/engines/speakers/classic/classic.ts';
import { readWav } from '../../../server/src/audio/wav.ts';
import { ELEVENLABS_DEFAULT_VOICES } from '../../../server/src/engines/voice/elevenlabs.engine.ts';
import { handleVoiceCloning, type FakeClone } from './fake-elevenlabs-voices.ts';
import { handleAudioIsolation, newFakeIsolation, type FakeIsolation } from './fake-elevenlabs-isolation.ts';
import {
  formBody,
  jsonBody,
  startFakeServer,
  type FakeRequest,
  type FakeResponse,
  type FakeServer,
} from './fake-http.ts';

const MODELS = ['scribe_v1', 'scribe_v2'];

/** What speech-to-text found in a file: pocketsphinx's words and, when diarizing, the classic speaker turns. */
type Recognised = {
  t: Awaited<ReturnType<ReturnType<typeof createPocketsphinxEngine>['transcribe']>>;
  turns: ReturnType<typeof diarizeClassic>;
} | null;

/** Recognises (and diarizes) the uploaded file; null when ffmpeg cannot read it. */
async function recognise(
  sphinx: ReturnType<typeof createPocketsphinxEngine>,
  bytes: Buffer,
  diarize: boolean,
  numSpeakers: number | undefined,
): Promise<Recognised> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fake-elevenlabs-'));
  try {
    const input = path.join(dir, 'in');
    await writeFile(input, bytes);
    const wav = path.join(dir, 'a.wav');
    const conv = await runProcess(
      'ffmpeg',
      ['-nostdin', '-loglevel', 'error', '-y', '-i', input, '-ac', '1', '-ar', '16000', wav],
      { allowFailure: true },
    );
    if (conv.code !== 0) return null;
    const t = await sphinx.transcribe(wav, { language: 'en' });
    const turns = diarize ? diarizeClassic(await readWav(wav), numSpeakers ? { numSpeakers } : {}) : [];
    return { t, turns };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const unprocessable = (field: string, msg: string, type = 'value_error') => ({
  status: 422,
  body: { detail: [{ loc: ['body', field], msg, type }] },
});

const TTS_MODELS = ['eleven_multilingual_v2', 'eleven_flash_v2_5'];

/** POST /v1/text-to-speech/{voice_id}: real espeak-ng speech in the asked format, or the documented errors. */
async function textToSpeech(
  req: FakeRequest,
  voiceId: string,
  clones: Map<string, FakeClone>,
  quota?: { left: number },
): Promise<FakeResponse> {
  const voice = ELEVENLABS_DEFAULT_VOICES.find((v) => v.id === voiceId);
  const clone = clones.get(voiceId);
  if (!voice && !clone)
    return {
      status: 400,
      body: { detail: { status: 'voice_not_found', message: `A voice with the voice_id ${voiceId} was not found.` } },
    };
  const b = jsonBody(req);
  if (!b || typeof b.text !== 'string') return unprocessable('text', 'Field required', 'missing');
  const model = b.model_id ?? 'eleven_multilingual_v2';
  if (!TTS_MODELS.includes(model))
    return { status: 400, body: { detail: { status: 'invalid_model', message: `Model '${model}' not found.` } } };
  const limit = model === 'eleven_flash_v2_5' ? 40_000 : 10_000;
  if (b.text.length > limit)
    return {
      status: 400,
      body: {
        detail: {
          status: 'max_character_limit_exceeded',
          message: `Text is too long: ${b.text.length} characters, the maximum for ${model} is ${limit}.`,
        },
      },
    };
  // The account's character quota: a request over what is left is refused with 401 quota_exceeded, as documented.
  if (quota && b.text.length > quota.left)
    return {
      status: 401,
      body: {
        detail: {
          status: 'quota_exceeded',
          message: `This request exceeds your quota of ${quota.left}. You have ${quota.left} credits remaining, while ${b.text.length} credits are required for this request.`,
        },
      },
    };
  if (quota) quota.left -= b.text.length;
  const speed = b.voice_settings?.speed ?? 1;
  if (typeof speed !== 'number' || speed < 0.7 || speed > 1.2)
    return unprocessable('voice_settings.speed', 'Input should be between 0.7 and 1.2');
  const format = new URL(req.path, 'http://x').searchParams.get('output_format') ?? 'mp3_44100_128';
  const m = /^(mp3|opus|pcm)_(\d+)(?:_(\d+))?$/.exec(format);
  if (!m) return unprocessable('output_format', `Unsupported output format ${format}`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fake-elevenlabs-tts-'));
  try {
    const wav = path.join(dir, 'a.wav');
    const espeak = clone
      ? ['-v', clone.espeak.variant, '-p', String(clone.espeak.p)]
      : ['-v', voice!.gender === 'female' ? 'en+f3' : 'en+m3'];
    await runProcess('espeak-ng', [...espeak, '-s', String(Math.round(160 * speed)), '-w', wav, '--stdin'], {
      input: b.text,
    });
    const out = path.join(dir, { mp3: 'a.mp3', opus: 'a.ogg', pcm: 'a.raw' }[m[1]]!);
    const codec =
      m[1] === 'pcm' ? ['-f', 's16le'] : m[1] === 'opus' ? ['-c:a', 'libopus', '-b:a', `${m[3] ?? 64}k`] : [];
    await runProcess('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-i', wav, '-ar', m[2], ...codec, out]);
    return {
      status: 200,
      headers: { 'content-type': { mp3: 'audio/mpeg', opus: 'audio/ogg', pcm: 'audio/pcm' }[m[1]]! },
      body: await readFile(out),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Starts the fake; requests must carry `xi-api-key: apiKey`. `clones`: the voices made by POST /v1/voices/add
 * and not deleted yet (fake-elevenlabs-voices.ts); `isolation`: what audio isolation answers and its limits.
 * `rememberSpeech`: speech-to-text recognises and diarizes each distinct file once and answers the same file again
 * from memory (pocketsphinx and the classic diarization are deterministic: the answer is the same), for tests that
 * send one recording in several jobs and do not time the speech-to-text call.
 */
export async function startFakeElevenLabs(opts: {
  apiKey: string;
  rememberSpeech?: boolean;
  /** Characters of text-to-speech the account has left (default: no quota). */
  characterQuota?: number;
  /**
   * The plan's concurrency limit (text-to-speech requests in flight; default: none): a request over it is answered
   * 429 `too_many_concurrent_requests`, as ElevenLabs documents.
   */
  maxConcurrent?: number;
}): Promise<
  FakeServer & {
    clones: Map<string, FakeClone>;
    isolation: FakeIsolation;
    recogniseAhead: (wav: Buffer) => void;
    /** Text-to-speech requests answered 429 over `maxConcurrent` so far. */
    concurrencyRefusals: () => number;
  }
> {
  const sphinx = createPocketsphinxEngine();
  const quota = opts.characterQuota === undefined ? undefined : { left: opts.characterQuota };
  /** Recognised words and speaker turns by the file's SHA-256 and the asked speaker count (`rememberSpeech`). */
  const remembered = new Map<string, Promise<Recognised>>();
  /** The recognition of `bytes`: remembered (`rememberSpeech`) or started now. */
  const recognition = (bytes: Buffer, diarize: boolean, numSpeakers: number | undefined) => {
    if (!opts.rememberSpeech) return recognise(sphinx, bytes, diarize, numSpeakers);
    const key = `${createHash('sha256').update(bytes).digest('hex')} ${diarize ? (numSpeakers ?? 'auto') : 'none'}`;
    let recognising = remembered.get(key);
    if (!recognising) {
      recognising = recognise(sphinx, bytes, diarize, numSpeakers);
      remembered.set(key, recognising);
      // An unreadable file or a failed recognition is not remembered: the next request tries again.
      const forget = () => void remembered.delete(key);
      recognising.then((r) => r ?? forget(), forget);
    }
    return recognising;
  };
  const clones = new Map<string, FakeClone>();
  const isolation = newFakeIsolation();
  let ttsInFlight = 0;
  let concurrencyRefusals = 0;
  const server = await startFakeServer(
    async (req) => {
      if (req.headers['xi-api-key'] !== opts.apiKey)
        return {
          status: 401,
          body: { detail: { status: 'invalid_api_key', message: 'Invalid API key' } },
        };
      const url = req.path.split('?')[0];
      if (req.method === 'GET' && url === '/v1/models')
        return {
          status: 200,
          body: [
            ...MODELS.map((model_id) => ({ model_id, name: model_id, can_do_text_to_speech: false })),
            ...TTS_MODELS.map((model_id) => ({ model_id, name: model_id, can_do_text_to_speech: true })),
          ],
        };
      if (req.method === 'GET' && url === '/v1/voices')
        return {
          status: 200,
          body: {
            voices: ELEVENLABS_DEFAULT_VOICES.map((v) => ({
              voice_id: v.id,
              name: v.name,
              category: 'premade',
              labels: { gender: v.gender },
            })),
          },
        };
      const tts = /^\/v1\/text-to-speech\/([^/]+)$/.exec(url);
      if (req.method === 'POST' && tts) {
        if (opts.maxConcurrent !== undefined && ttsInFlight >= opts.maxConcurrent) {
          concurrencyRefusals++;
          return {
            status: 429,
            body: { detail: { status: 'too_many_concurrent_requests', message: 'Too many concurrent requests.' } },
          };
        }
        ttsInFlight++;
        try {
          return await textToSpeech(req, decodeURIComponent(tts[1]), clones, quota);
        } finally {
          ttsInFlight--;
        }
      }
      const cloning = await handleVoiceCloning(req, url, clones);
      if (cloning) return cloning;
      const isolated = await handleAudioIsolation(req, url, isolation);
      if (isolated) return isolated;
      if (req.method !== 'POST' || url !== '/v1/speech-to-text') return { status: 404, body: { detail: 'Not Found' } };
      const f = await formBody(req);
      if (!f) return unprocessable('file', 'Expected multipart/form-data');
      const model = f.get('model_id');
      if (typeof model !== 'string') return unprocessable('model_id', 'Field required', 'missing');
      if (!MODELS.includes(model))
        return {
          status: 400,
          body: { detail: { status: 'invalid_model', message: `Model '${model}' is not a speech-to-text model.` } },
        };
      const file = f.get('file');
      if (!(file instanceof Blob)) return unprocessable('file', 'Either file or cloud_storage_url must be provided.');
      const diarize = f.get('diarize') === 'true';
      const n = f.get('num_speakers');
      const numSpeakers = typeof n === 'string' ? Number(n) : undefined;
      if (numSpeakers !== undefined && !(Number.isInteger(numSpeakers) && numSpeakers >= 1 && numSpeakers <= 32))
        return unprocessable('num_speakers', 'Input should be less than or equal to 32');
      const granularity = (f.get('timestamps_granularity') as string | null) ?? 'word';
      if (!['none', 'word', 'character'].includes(granularity))
        return unprocessable('timestamps_granularity', "Input should be 'none', 'word' or 'character'");
      const bytes = Buffer.from(await file.arrayBuffer());
      const recognised = await recognition(bytes, diarize, numSpeakers);
      if (!recognised)
        return { status: 400, body: { detail: { status: 'invalid_audio', message: 'The audio file is invalid.' } } };
      const { t, turns } = recognised;
      const ids = new Map<string, string>();
      const speakerOf = (start: number, end: number) => {
        const mid = (start + end) / 2;
        const turn =
          turns.find((x) => mid >= x.start && mid < x.end) ??
          turns.reduce<(typeof turns)[number] | undefined>(
            (best, x) =>
              !best || Math.abs((x.start + x.end) / 2 - mid) < Math.abs((best.start + best.end) / 2 - mid) ? x : best,
            undefined,
          );
        const key = turn?.speaker ?? 'S1';
        if (!ids.has(key)) ids.set(key, `speaker_${ids.size}`);
        return ids.get(key)!;
      };
      const words = t.words.flatMap((w, i) => {
        const word = {
          text: w.text,
          start: w.start,
          end: w.end,
          type: 'word',
          logprob: -0.1,
          ...(diarize ? { speaker_id: speakerOf(w.start, w.end) } : {}),
        };
        const next = t.words[i + 1];
        return next
          ? [
              word,
              {
                text: ' ',
                start: w.end,
                end: next.start,
                type: 'spacing',
                logprob: 0,
                ...(diarize ? { speaker_id: word.speaker_id } : {}),
              },
            ]
          : [word];
      });
      return {
        status: 200,
        body: {
          language_code: (f.get('language_code') as string | null) ?? 'eng',
          language_probability: 0.98,
          text: t.words.map((w) => w.text).join(' '),
          words: granularity === 'none' ? [] : words,
        },
      };
    },
    { detail: { status: 'too_many_concurrent_requests', message: 'Too many concurrent requests.' } },
    { requestIdHeader: 'request-id' },
  );
  /**
   * With `rememberSpeech`: starts recognising and diarizing `wav` (Auto speaker count) now, so that a later
   * speech-to-text request of the same bytes is answered from memory without waiting for all of it.
   */
  const recogniseAhead = (wav: Buffer) => void recognition(wav, true, undefined).catch(() => undefined);
  return Object.assign(server, { clones, isolation, recogniseAhead, concurrencyRefusals: () => concurrencyRefusals });
}
