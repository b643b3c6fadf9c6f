/**
 * A glossary at its limit against the running server (issue 35 items 1 and 2). Run: `. scripts/node-env.sh &&
 * cpu-slot npx tsx scripts/bench-glossary.ts`. Starts the real server (`node --import tsx server/src/main.ts`,
 * media worker on, PGlite in a temporary folder; BENCH_SERVER_ROOT runs another checkout's server, e.g. main's, for
 * the "before" figures), imports MAX_GLOSSARY_TERMS terms for one account, runs a 4-cue subtitle job (own words)
 * and prints as JSON: the time of each of BENCH_CALLS (5) GET /v1/jobs/{id}/tracks calls and /healthz latency
 * while they run (autocannon in the bench's process, not the server's: BENCH_CLIENTS (10) connections); then the
 * wall time of a 300-sentence .docx job into Spanish without the glossary (a second account) and with it (and
 * /healthz meanwhile).
 */
import fs from 'node:fs';
import path from 'node:path';
import { MAX_GLOSSARY_TERMS } from '../contract/glossary.ts';
import { documentOf300Sentences, glossaryCsv, loadWhile, seconds, startBenchServer } from './lib/trust-bench.ts';

const CALLS = Number(process.env.BENCH_CALLS ?? 5);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
const ROOT = new URL('../', import.meta.url).pathname;
const SERVER_ROOT = process.env.BENCH_SERVER_ROOT ?? ROOT;
const AUDIO = path.join(ROOT, '../shared/testdata/audio/LJ001-0001.wav');
const SRT = [
  'Tarjama works in every country.',
  'My country loves Tarjama.',
  'The printing press changed the country.',
  'Every country reads with Tarjama.',
]
  .map((t, i) => `${i + 1}\n00:00:0${i * 2},300 --> 00:00:0${i * 2 + 1},900\n${t}\n`)
  .join('\n');

async function main(): Promise<void> {
  const app = await startBenchServer({ serverRoot: SERVER_ROOT, accounts: ['glossary', 'plain'] });
  const { call, upload, finished } = app;
  try {
    const [withGlossary, plain] = app.auths;
    let t0 = performance.now();
    const imported = await call(withGlossary, 'POST', '/v1/glossary/import', { csv: glossaryCsv() });
    if (imported.status !== 200) throw new Error(`import answered ${imported.status}`);
    const importSeconds = seconds(performance.now() - t0);
    const jobId = await app.ownWordsJob(withGlossary, fs.readFileSync(AUDIO), SRT);
    const trackSeconds: number[] = [];
    const tracksRun = (async () => {
      await new Promise((r) => setTimeout(r, 1000));
      for (let i = 0; i < CALLS; i++) {
        const s = performance.now();
        const r = await call(withGlossary, 'GET', `/v1/jobs/${jobId}/tracks`);
        if (r.status !== 200) throw new Error(`tracks answered ${r.status}`);
        trackSeconds.push(seconds(performance.now() - s));
      }
    })();
    const healthzDuringTracks = await loadWhile(`${app.base}/healthz`, tracksRun, CLIENTS);
    await tracksRun;

    const doc = await documentOf300Sentences();
    const documentJob = async (auth: Record<string, string>) => {
      const url = await upload(
        auth,
        doc,
        'report.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      );
      t0 = performance.now();
      const j = await call(auth, 'POST', '/v1/documents/translate', {
        media_url: url,
        source_language: 'en',
        target_languages: ['es'],
      });
      if (j.status !== 201) throw new Error(`document answered ${j.status}: ${JSON.stringify(j.body)}`);
      await finished(auth, j.body.id);
      return seconds(performance.now() - t0);
    };
    const plainSeconds = await documentJob(plain);
    const glossaryRun = documentJob(withGlossary);
    const healthzDuringDocument = await loadWhile(`${app.base}/healthz`, glossaryRun, CLIENTS);
    process.stdout.write(
      `${JSON.stringify(
        {
          server: SERVER_ROOT,
          glossary_terms: MAX_GLOSSARY_TERMS,
          import_seconds: importSeconds,
          tracks_seconds: trackSeconds,
          healthz_during_tracks: healthzDuringTracks,
          document_300_sentences_seconds: { without_glossary: plainSeconds, with_glossary: await glossaryRun },
          healthz_during_document: healthzDuringDocument,
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    await app.stop();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
