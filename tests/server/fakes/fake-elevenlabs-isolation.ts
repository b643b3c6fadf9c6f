/**
 * The ElevenLabs emulator's audio isolation (https://elevenlabs.io/docs/api-reference/audio-isolation):
 * - POST /v1/audio-isolation (multipart/form-data): `audio` required, `file_format` `other` (default) or
 *   `pcm_s16le_16`; answers the isolated speech as an `audio/mpeg` stream (MP3, 44.1 kHz, 128 kbit/s, as the
 *   service does) of the input's length.
 * - Limits as documented (files up to 500 MB and 1 hour; both settable here so a test can reach them): a larger file
 *   answers 413 `{"detail": {"status": "file_too_large", "message"}}`, a longer one 400
 *   `{"detail": {"status": "audio_too_long", "message"}}`; unreadable audio 400 `invalid_audio`; a missing or bad
 *   field 422 `{"detail": [{"loc", "msg", "type"}]}`.
 * What it answers: a neural model is not run here. Like fake-openai holding a recording's transcript, the emulator
 * may hold the speech track a test clip was built from (`held.speech`, a WAV on the clip's timeline) and answers it,
 * from its start, for any input (so a clip sent in one piece); without one it answers the input's speech band
 * (120 Hz - 4 kHz), which is time-local, so pieces of a longer input fit back together.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runProcess } from '../../../server/src/engines/run-process.ts';
import { readWavLayout } from '../../../server/src/audio/wav.ts';
import { formBody, type FakeRequest, type FakeResponse } from './fake-http.ts';

/** What the emulator holds and its limits (documented: 500 MB, 3,600 s). */
export interface FakeIsolation {
  /** The speech track answered (a WAV on the input's timeline); undefined: the input's speech band. */
  speech?: string;
  maxBytes: number;
  maxSeconds: number;
  /** Seconds of audio of each request answered, in order (what the engine sent). */
  requests: number[];
}

export const newFakeIsolation = (): FakeIsolation => ({ maxBytes: 500 * 1024 * 1024, maxSeconds: 3600, requests: [] });

const unprocessable = (field: string, msg: string, type = 'missing') => ({
  status: 422,
  body: { detail: [{ loc: ['body', field], msg, type }] },
});

/** POST /v1/audio-isolation, or undefined for any other route. */
export async function handleAudioIsolation(
  req: FakeRequest,
  url: string,
  held: FakeIsolation,
): Promise<FakeResponse | undefined> {
  if (req.method !== 'POST' || url !== '/v1/audio-isolation') return undefined;
  const f = await formBody(req);
  if (!f) return unprocessable('audio', 'Expected multipart/form-data', 'value_error');
  const audio = f.get('audio');
  if (!(audio instanceof Blob)) return unprocessable('audio', 'Field required');
  const format = f.get('file_format') ?? 'other';
  if (format !== 'other' && format !== 'pcm_s16le_16')
    return unprocessable('file_format', "Input should be 'pcm_s16le_16' or 'other'", 'enum');
  if (audio.size > held.maxBytes)
    return {
      status: 413,
      body: { detail: { status: 'file_too_large', message: `The file is larger than ${held.maxBytes} bytes.` } },
    };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fake-elevenlabs-isolation-'));
  try {
    const input = path.join(dir, 'in');
    await writeFile(input, Buffer.from(await audio.arrayBuffer()));
    const raw = format === 'pcm_s16le_16' ? ['-f', 's16le', '-ar', '16000', '-ac', '1'] : [];
    const wav = path.join(dir, 'in.wav');
    const conv = await runProcess(
      'ffmpeg',
      ['-nostdin', '-loglevel', 'error', '-y', ...raw, '-i', input, '-ac', '1', '-ar', '44100', wav],
      { allowFailure: true },
    );
    if (conv.code !== 0)
      return { status: 400, body: { detail: { status: 'invalid_audio', message: 'The audio file is invalid.' } } };
    const samples = (await readWavLayout(wav)).frames;
    const seconds = samples / 44100;
    if (seconds > held.maxSeconds)
      return {
        status: 400,
        body: {
          detail: {
            status: 'audio_too_long',
            message: `Audio is longer than the maximum of ${held.maxSeconds} seconds.`,
          },
        },
      };
    held.requests.push(seconds);
    const out = path.join(dir, 'out.mp3');
    const fit = `apad=whole_len=${samples},atrim=end_sample=${samples}`;
    const source = held.speech
      ? ['-i', held.speech, '-af', `aformat=channel_layouts=mono,aresample=44100,${fit}`]
      : ['-i', wav, '-af', `highpass=f=120,lowpass=f=4000,${fit}`];
    await runProcess('ffmpeg', [
      ...['-nostdin', '-loglevel', 'error', '-y', ...source],
      ...['-ac', '1', '-ar', '44100', '-c:a', 'libmp3lame', '-b:a', '128k', out],
    ]);
    return { status: 200, headers: { 'content-type': 'audio/mpeg' }, body: await readFile(out) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
