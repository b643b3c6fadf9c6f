/**
 * The ElevenLabs emulator's instant voice cloning (https://elevenlabs.io/docs/api-reference/voices/ivc/create):
 * - POST /v1/voices/add (multipart/form-data): `name` and one or more `files` required; answers
 *   `{voice_id, requires_verification: false}`. The clone speaks with espeak-ng at the sample's median pitch
 *   (audio/speaker-features.ts), so a clone of a woman and of a man sound apart. Unreadable audio: 400
 *   `{"detail": {"status": "invalid_audio", "message"}}`; a missing field: 422 `{"detail": [{"loc", "msg", "type"}]}`.
 * - DELETE /v1/voices/{voice_id}: `{status: "ok"}`; an unknown voice: 400 `voice_not_found`.
 * Each clone is kept with its sample's length (seconds) so tests can check what was sent.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runProcess } from '../../../server/src/engines/run-process.ts';
import { medianPitch } from '../../../server/src/audio/speaker-features.ts';
import { LOW_VOICE_BELOW, espeakPitchParam } from '../../../server/src/media/speaker-voices.ts';
import { readWav } from '../../../server/src/audio/wav.ts';
import { formBody, type FakeRequest, type FakeResponse } from './fake-http.ts';

/** A voice made by POST /v1/voices/add. */
export interface FakeClone {
  name: string;
  /** Seconds of audio in its samples, and their median pitch (Hz). */
  sampleSeconds: number;
  pitch: number;
  /** The espeak-ng voice it speaks with: `en+f3` or `en+m3` and `-p`. */
  espeak: { variant: string; p: number };
}

const unprocessable = (field: string, msg: string) => ({
  status: 422,
  body: { detail: [{ loc: ['body', field], msg, type: 'missing' }] },
});

/** Handles the cloning routes into `clones`; undefined for any other route. */
export async function handleVoiceCloning(
  req: FakeRequest,
  url: string,
  clones: Map<string, FakeClone>,
): Promise<FakeResponse | undefined> {
  const del = /^\/v1\/voices\/([^/]+)$/.exec(url);
  if (req.method === 'DELETE' && del) {
    const id = decodeURIComponent(del[1]);
    if (!clones.delete(id))
      return {
        status: 400,
        body: { detail: { status: 'voice_not_found', message: `A voice with the voice_id ${id} was not found.` } },
      };
    return { status: 200, body: { status: 'ok' } };
  }
  if (req.method !== 'POST' || url !== '/v1/voices/add') return undefined;
  const f = await formBody(req);
  if (!f) return unprocessable('files', 'Expected multipart/form-data');
  const name = f.get('name');
  if (typeof name !== 'string' || !name) return unprocessable('name', 'Field required');
  const files = f.getAll('files').filter((x): x is File => x instanceof Blob);
  if (!files.length) return unprocessable('files', 'Field required');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fake-elevenlabs-ivc-'));
  try {
    let seconds = 0;
    const pitches: number[] = [];
    for (const [i, file] of files.entries()) {
      const input = path.join(dir, `in-${i}`);
      await writeFile(input, Buffer.from(await file.arrayBuffer()));
      const wav = path.join(dir, `s-${i}.wav`);
      const conv = await runProcess(
        'ffmpeg',
        ['-nostdin', '-loglevel', 'error', '-y', '-i', input, '-ac', '1', '-ar', '16000', wav],
        { allowFailure: true },
      );
      if (conv.code !== 0)
        return { status: 400, body: { detail: { status: 'invalid_audio', message: 'The audio file is invalid.' } } };
      const audio = await readWav(wav);
      const length = audio.samples.length / audio.rate;
      seconds += length;
      pitches.push(medianPitch(audio, [{ start: 0, end: length }]));
    }
    const pitch = Math.round(pitches.sort((a, b) => a - b)[Math.floor(pitches.length / 2)] || 150);
    const variant = pitch < LOW_VOICE_BELOW ? 'en+m3' : 'en+f3';
    const id = `clone${String(clones.size + 1).padStart(4, '0')}${Math.random().toString(36).slice(2, 10)}`;
    clones.set(id, {
      name,
      sampleSeconds: Math.round(seconds * 100) / 100,
      pitch,
      espeak: { variant, p: espeakPitchParam(variant, pitch) ?? 50 },
    });
    return { status: 200, body: { voice_id: id, requires_verification: false } };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
