/**
 * Voice separation through ElevenLabs audio isolation (POST /v1/audio-isolation, multipart `audio`, answers the
 * isolated speech as an audio/mpeg stream) with the official `@elevenlabs/elevenlabs-js` SDK
 * (`client.audioIsolation.convert`), or any server answering the same contract (SEPARATION_BASE_URL). Documented
 * limits (ElevenLabs "Voice isolator": files up to 500 MB and 1 hour): the input is sent in pieces of about
 * PIECE_SECONDS cut in pauses (engines/speech/pause-pieces.ts; a hard cut where there is none), each a mono 16-bit
 * WAV (at 44.1 kHz 25 minutes are 132 MB, well under both limits), sent from its file (the SDK streams it: a piece
 * is never held in memory). Each answer is decoded by ffmpeg to the input's rate and exactly the piece's length and
 * written at the piece's offset, so the output lines up with the input sample for sample up to the service's own
 * delay (background.ts aligns it). Retries, timeouts and error kinds as every SDK engine (sdk-call.ts); metered per
 * second of audio sent (engine-usage.ts, stage `separation`).
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { elevenLabsAvailable, elevenLabsClient } from '../elevenlabs-client.ts';
import type { EngineHttpSettings } from '../http-client.ts';
import { runProcess } from '../run-process.ts';
import { callWithRetry, readElevenLabsFailure } from '../sdk-call.ts';
import { cutsAtPauses, findPauses } from '../speech/pause-pieces.ts';
import type { IsolateOptions, SeparationEngine } from '../separation.engine.ts';
import { openPcmTrack, WAV_HEADER_BYTES } from '../../audio/pcm-track.ts';
import { readWavLayout } from '../../audio/wav.ts';

/** Target length of a piece sent, seconds (the documented limit is 1 hour and 500 MB a file). */
export const PIECE_SECONDS = 1500;

/** An audio isolation endpoint: `baseUrl` without a trailing slash (https://api.elevenlabs.io) and the key. */
export interface SeparationEndpoint {
  baseUrl: string;
  apiKey: string;
}

/**
 * Creates the engine for one endpoint; `pieceSeconds` (tests) replaces PIECE_SECONDS.
 * @throws from `isolateVoice`: EngineHttpError naming the engine and the API's message; ProcessError when ffmpeg
 *         cannot cut the input or decode the answer; the signal's reason when aborted.
 */
export function createElevenLabsSeparationEngine(
  ep: SeparationEndpoint,
  http: EngineHttpSettings,
  opts: { pieceSeconds?: number } = {},
): SeparationEngine {
  const client = elevenLabsClient(ep, http);
  const target = opts.pieceSeconds ?? PIECE_SECONDS;
  return {
    id: 'elevenlabs',
    kind: 'network',
    available: () => elevenLabsAvailable(client),
    async isolateVoice(wavPath: string, outPath: string, o: IsolateOptions = {}): Promise<void> {
      const { signal } = o;
      const layout = await readWavLayout(wavPath);
      if (layout.channels !== 1 || layout.bits !== 16 || layout.format !== 1)
        throw new Error(`${wavPath}: voice separation takes mono 16-bit PCM`);
      const { rate, frames } = layout;
      const duration = frames / rate;
      const cuts =
        duration > target * 1.5 ? cutsAtPauses((await findPauses(wavPath, signal)).pauses, duration, target) : [];
      const edges = [0, ...cuts.map((c) => Math.round(c * rate)), frames];
      await (await openPcmTrack(outPath, rate, frames)).close();
      const dir = await mkdtemp(path.join(os.tmpdir(), 'tarjama-separation-'));
      const out = await open(outPath, 'r+');
      try {
        for (let k = 0; k + 1 < edges.length; k++) {
          const [from, to] = [edges[k], edges[k + 1]];
          const piece = path.join(dir, `piece-${k}.wav`);
          await runProcess(
            'ffmpeg',
            [
              ...['-nostdin', '-v', 'error', '-y', '-i', wavPath],
              ...['-af', `atrim=start_sample=${from}:end_sample=${to}`, '-c:a', 'pcm_s16le', piece],
            ],
            { signal },
          );
          const answer = path.join(dir, `piece-${k}.mp3`);
          await callWithRetry(
            async (s) => {
              const stream = await (
                await client()
              ).audioIsolation.convert(
                { audio: { path: piece, filename: `piece-${k}.wav`, contentType: 'audio/wav' }, fileFormat: 'other' },
                { abortSignal: s },
              );
              await pipeline(Readable.fromWeb(stream), createWriteStream(answer), {
                signal: s,
              });
            },
            readElevenLabsFailure,
            { engine: 'elevenlabs separation', signal, ...http, units: (to - from) / rate },
          );
          await rm(piece, { force: true });
          // The answer at the input's rate, exactly the piece's length (the decoder trims the encoder's delay).
          const raw = path.join(dir, `piece-${k}.raw`);
          await runProcess(
            'ffmpeg',
            [
              ...['-nostdin', '-v', 'error', '-y', '-i', answer, '-ac', '1', '-ar', String(rate)],
              ...['-af', `apad=whole_len=${to - from},atrim=end_sample=${to - from}`, '-f', 's16le', raw],
            ],
            { signal },
          );
          await copyInto(raw, out, WAV_HEADER_BYTES + from * 2, (to - from) * 2);
          await rm(answer, { force: true });
          await rm(raw, { force: true });
          o.onProgress?.(to / frames);
        }
      } finally {
        await out.close();
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Copies at most `bytes` bytes of file `from` into `to` at byte `at`, 1 MB at a time. */
async function copyInto(from: string, to: Awaited<ReturnType<typeof open>>, at: number, bytes: number) {
  const src = await open(from, 'r');
  try {
    const buf = Buffer.alloc(1 << 20);
    for (let done = 0; done < bytes;) {
      const { bytesRead } = await src.read(buf, 0, Math.min(buf.length, bytes - done), done);
      if (!bytesRead) break;
      await to.write(buf, 0, bytesRead, at + done);
      done += bytesRead;
    }
  } finally {
    await src.close();
  }
}
