/**
 * `npm run bench:openai-long [minutes]` (default 60): the OpenAI recogniser on long speech against the local server
 * that answers as the OpenAI API does (tests/server/fakes/fake-openai.server.ts, holding the recording's
 * transcript; uploads over 25 MB refused with 413). The recording is the shared speech clips in a seeded random
 * order with pauses (tests/server/helpers/long-recording.ts). Prints the requests, the largest upload (MB), the
 * words found against the reference, words out of order or off their time (> 0.1 s), and the wall time; then one
 * JSON line. A measurement: it never fails.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createOpenAiSpeechEngine } from '../server/src/engines/speech/openai.engine.ts';
import { startFakeOpenAi } from '../tests/server/fakes/fake-openai.server.ts';
import { longRecording } from '../tests/server/helpers/long-recording.ts';

async function main() {
  const minutes = Number(process.argv[2] ?? 60);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-openai-long-'));
  try {
    const { wav, held } = await longRecording(minutes * 60, dir);
    const oa = await startFakeOpenAi({ recording: held });
    try {
      const engine = createOpenAiSpeechEngine(
        { baseUrl: oa.url, model: 'whisper-1' },
        { timeoutSeconds: 600, retries: 2 },
      );
      const t0 = performance.now();
      const t = await engine.transcribe(wav, { language: 'en' });
      const seconds = (performance.now() - t0) / 1000;
      const uploads = oa.requests.filter((r) => r.path === '/v1/audio/transcriptions').map((r) => r.body.length);
      const norm = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '');
      const wrong = t.words.filter(
        (w, i) => norm(w.text) !== held.words[i]?.text || Math.abs(w.start - held.words[i].start) > 0.1,
      ).length;
      const result = {
        minutes,
        requests: uploads.length,
        largestUploadMB: Math.round((Math.max(...uploads) / 1e6) * 100) / 100,
        wholeWavMB: Math.round(((held.audio.samples.length * 2) / 1e6) * 10) / 10,
        words: t.words.length,
        referenceWords: held.words.length,
        wordsOutOfPlace: wrong,
        seconds: Math.round(seconds * 10) / 10,
      };
      console.log(
        `${minutes} min: ${result.requests} requests, largest ${result.largestUploadMB} MB (whole WAV ` +
          `${result.wholeWavMB} MB); ${result.words} words of ${result.referenceWords}, ${wrong} out of place; ` +
          `${result.seconds} s`,
      );
      console.log(JSON.stringify(result));
    } finally {
      await oa.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
