/**
 * Issue 14, finding 1: media is priced from the length it really plays. The file: 12.8 s of MP3 at 160 kbps
 * followed by 262 s at 8 kbps, with no Xing header, made with ffmpeg here. ffprobe's container duration is a
 * fraction of that (estimated from the first frames' bitrate). The estimate's media_seconds must be within 1 s of
 * the decoded length, and the speech WAV the pipeline extracts (what it processes) must be as long.
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, uploadByPut, type TestUser } from '../jobs/fixtures.ts';
import { extractSpeechWav } from '../../../server/src/media/probe.ts';

const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args]);

/** The mixed-bitrate MP3 of the issue, in `dir`. */
function mixedBitrateMp3(dir: string): string {
  const first = path.join(dir, 'first.mp3');
  const second = path.join(dir, 'second.mp3');
  const enc = (seconds: number, hz: number, kbps: number, out: string) =>
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${hz}:duration=${seconds}`,
      '-ar',
      '44100',
      '-c:a',
      'libmp3lame',
      '-b:a',
      `${kbps}k`,
      '-write_xing',
      '0',
      out,
    ]);
  enc(12.8, 440, 160, first);
  enc(262, 300, 8, second);
  const mixed = path.join(dir, 'mixed.mp3');
  fs.writeFileSync(mixed, Buffer.concat([fs.readFileSync(first), fs.readFileSync(second)]));
  return mixed;
}

/** Seconds of audio the file decodes to (16 kHz mono 16-bit PCM counted byte by byte). */
function decodedSeconds(file: string): number {
  const pcm = execFileSync(
    'ffmpeg',
    ['-nostdin', '-v', 'quiet', '-i', file, '-ac', '1', '-ar', '16000', '-f', 's16le', '-'],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return pcm.length / 32_000;
}

/** Seconds of a 16 kHz mono 16-bit WAV. */
const wavSeconds = (file: string) => (fs.statSync(file).size - 44) / 32_000;

describe('finding 1: media priced from its decoded length', () => {
  let t: TestApp;
  let alice: TestUser;
  let mp3: string;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite' });
    alice = await createUser(t, 100);
    mp3 = mixedBitrateMp3(t.dataDir);
  });
  afterAll(() => t?.close());

  it('the estimate of a mixed-bitrate MP3 without Xing header is within 1 s of its decoded length', async () => {
    const container = Number(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', mp3]).toString(),
    );
    const decoded = decodedSeconds(mp3);
    console.log(`container ${container.toFixed(2)} s, decoded ${decoded.toFixed(2)} s`);
    expect(decoded).toBeGreaterThan(270);
    expect(container).toBeLessThan(decoded / 2); // the trick the test is about

    const up = await uploadByPut(t, alice, mp3, 'mixed.mp3', 'audio/mpeg');
    expect(up.status).toBe(200);
    const est = await api(t, alice, 'POST', '/v1/jobs/estimate', {
      media_url: up.fileUrl,
      target_languages: ['es'],
      services_to_run: ['subtitle'],
    });
    expect(est.status).toBe(200);
    console.log(`estimate: media_seconds ${est.body.media_seconds}, credits ${est.body.credits}`);
    expect(Math.abs(est.body.media_seconds - decoded)).toBeLessThan(1);
    // Priced by the minute: 275 s is 5 minutes, not the 1 minute the container's duration would give.
    const oneMinute = await api(t, alice, 'POST', '/v1/jobs/estimate', {
      media_url: up.fileUrl,
      target_languages: ['es', 'fr'],
      services_to_run: ['subtitle'],
    });
    expect(oneMinute.body.credits).toBe(2 * est.body.credits);
    expect(est.body.credits).toBeGreaterThanOrEqual(5);

    // What the pipeline processes: the speech WAV it extracts is as long as the priced length.
    const wav = path.join(t.dataDir, 'speech.wav');
    await extractSpeechWav(mp3, wav);
    expect(Math.abs(wavSeconds(wav) - est.body.media_seconds)).toBeLessThan(1);
  });
});
