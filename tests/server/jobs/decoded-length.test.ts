/**
 * Issue 24, item 3: media is priced by the length it decodes to. The file of the issue, made here with ffmpeg:
 * jfk.wav looped 21 times (231 s of speech) with its timestamps compressed 20-fold before Opus encoding, so the
 * container and its packets declare 11.7 s. The estimate must count what the pipeline transcribes (the speech
 * WAV it extracts), and a submission reserves that price. On PGlite and PostgreSQL (a price is reserved).
 */
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, JFK_WAV, uploadByPut, type TestUser } from './fixtures.ts';
import { extractSpeechWav } from '../../../server/src/media/probe.ts';
import { balanceOf } from '../../../server/src/modules/credits/ledger.repository.ts';

describe.each(DATABASE_KINDS)('item 3: media priced by its decoded length on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let mka: string;
  beforeAll(async () => {
    t = await startTestApp({ kind });
    alice = await createUser(t, 100);
    mka = path.join(t.dataDir, 'x.mka');
    // The command: ffmpeg -stream_loop 20 -i jfk.wav -t 200 -af asetpts=PTS/20 -c:a libopus x.mka
    execFileSync('ffmpeg', [
      '-nostdin',
      '-v',
      'quiet',
      '-y',
      '-stream_loop',
      '20',
      '-i',
      JFK_WAV,
      '-t',
      '200',
      '-af',
      'asetpts=PTS/20',
      '-c:a',
      'libopus',
      mka,
    ]);
  });
  afterAll(() => t?.close());

  it('prices compressed packet timestamps by the samples the pipeline decodes and transcribes', async () => {
    const container = Number(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', mka]).toString(),
    );
    const wav = path.join(t.dataDir, 'speech.wav');
    await extractSpeechWav(mka, wav);
    const processed = (fs.statSync(wav).size - 44) / 32_000;
    console.log(`container ${container.toFixed(2)} s, speech WAV ${processed.toFixed(2)} s`);
    expect(container).toBeLessThan(15); // the trick
    expect(processed).toBeGreaterThan(200);

    const up = await uploadByPut(t, alice, mka, 'x.mka', 'audio/x-matroska');
    expect(up.status).toBe(200);
    const est = await api(t, alice, 'POST', '/v1/jobs/estimate', {
      media_url: up.fileUrl,
      source_language: 'en',
      target_languages: ['es'],
      services_to_run: ['subtitle'],
    });
    expect(est.status).toBe(200);
    expect(Math.abs(est.body.media_seconds - processed)).toBeLessThan(1);
    expect(est.body.credits).toBe(Math.ceil(processed / 60));

    const sub = await api(t, alice, 'POST', '/v1/jobs/translate', {
      media_url: up.fileUrl,
      source_language: 'en',
      target_languages: ['es'],
      services_to_run: ['subtitle'],
    });
    expect(sub.status).toBe(201);
    expect(sub.body.credits_used).toBe(est.body.credits);
    expect(await balanceOf(t.ctx.db, alice.id)).toBe(100 - est.body.credits);
  });
});
