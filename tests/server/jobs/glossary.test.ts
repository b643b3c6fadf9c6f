/**
 * The glossary (issue 20 item 4), as a user meets it: terms through the API (add, edit, delete, CSV import and
 * export with its refusals), then "keep as is: Tarjama" and "country -> nación (es)" applied to a media job whose
 * words are imported (an English SRT holding both words) and to a .docx holding both, with the local engines
 * (Apertium, protected terms) and with a local server answering as DeepL (which receives the glossary through its
 * documented glossary API); a cue that lost a term is flagged in GET /v1/jobs/{id}/tracks. Real worker, PGlite,
 * ffmpeg and Apertium.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { eq } from 'drizzle-orm';
import { jobs } from '../../../server/src/db/schema/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { api, createUser, TESTDATA, uploadByPut, type TestUser } from './fixtures.ts';
import { parseSrt } from '../../../server/src/media/subtitle-writers.ts';
import { makeDocx, para } from '../documents/helpers/docx-fixture.ts';
import { startFakeDeepL } from '../fakes/fake-deepl.server.ts';

const AUDIO = `${TESTDATA}audio/LJ001-0001.wav`;
// The user's own English words: both glossary terms, in two cues.
const ENGLISH_SRT = `1
00:00:00,500 --> 00:00:03,000
Tarjama works in every country.

2
00:00:03,500 --> 00:00:06,500
My country loves Tarjama.
`;
const KEEP = { term: 'Tarjama', source_language: 'any', targets: [{ language: 'any', translation: null }] };
const FORCE = { term: 'country', source_language: 'en', targets: [{ language: 'es', translation: 'nación' }] };

async function waitDone(t: TestApp, user: TestUser, id: string) {
  const end = Date.now() + 180_000;
  for (;;) {
    const j = await api(t, user, 'GET', `/v1/jobs/${id}`);
    if (j.body.status === 'failed') {
      const [row] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, id));
      throw new Error(`job failed: ${j.body.error_code} ${j.body.error} ${row?.errorDetail}`);
    }
    if (j.body.status === 'completed') return j.body;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** The words of every paragraph of a .docx's body. */
async function docxText(url: string): Promise<string> {
  const zip = await JSZip.loadAsync(Buffer.from(await (await fetch(url)).arrayBuffer()));
  const xml = await zip.file('word/document.xml')!.async('string');
  return [...xml.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(' ');
}

/** Runs the media job (own words) and the .docx job with the user's glossary; answers both outputs' texts. */
async function runBoth(t: TestApp, user: TestUser, dir: string) {
  const audioUrl = (await uploadByPut(t, user, AUDIO, 'lj.wav', 'audio/wav')).fileUrl;
  const srtFile = path.join(dir, 'words_en.srt');
  fs.writeFileSync(srtFile, ENGLISH_SRT);
  const srtUrl = (await uploadByPut(t, user, srtFile, 'words_en.srt', 'application/x-subrip')).fileUrl;
  const docFile = path.join(dir, 'brand.docx');
  fs.writeFileSync(
    docFile,
    await makeDocx({
      body: para([['Tarjama is the best product in this country.']]) + para([['The country uses Tarjama.']]),
    }),
  );
  const docUrl = (
    await uploadByPut(
      t,
      user,
      docFile,
      'brand.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    )
  ).fileUrl;
  const media = await api(t, user, 'POST', '/v1/jobs/translate', {
    media_url: audioUrl,
    source_subtitles_url: srtUrl,
    source_language: 'en',
    target_languages: ['es'],
    services_to_run: ['subtitle'],
    // One voice: no speakers stage (not what this test is about, and the fastest run).
    num_speakers: 1,
  });
  expect(media.status).toBe(201);
  const doc = await api(t, user, 'POST', '/v1/documents/translate', {
    media_url: docUrl,
    source_language: 'en',
    target_languages: ['es'],
  });
  expect(doc.status).toBe(201);
  const mediaJob = await waitDone(t, user, media.body.id);
  const docJob = await waitDone(t, user, doc.body.id);
  const srt = parseSrt(await (await fetch(mediaJob.output_files.es.subtitle.srt_url)).text());
  return {
    mediaJob,
    subtitles: srt.map((c) => c.lines.join(' ')),
    document: await docxText(docJob.output_files.es.docx_url),
  };
}

describe('glossary: terms through the API, applied with the local engines (Apertium)', () => {
  let t: TestApp;
  let user: TestUser;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp({ kind: 'pglite', queue: { work: true, concurrency: 2 } });
    user = await createUser(t, 200);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-glossary-'));
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('adds, refuses a duplicate or a translation for every language, edits, exports and imports CSV', async () => {
    const keep = await api(t, user, 'POST', '/v1/glossary', KEEP);
    expect(keep.status).toBe(201);
    expect((await api(t, user, 'POST', '/v1/glossary', { ...KEEP, term: 'TARJAMA' })).body.code).toBe(
      'GLOSSARY_TERM_EXISTS',
    );
    const anyTranslation = await api(t, user, 'POST', '/v1/glossary', {
      term: 'country',
      source_language: 'en',
      targets: [{ language: 'any', translation: 'nación' }],
    });
    expect(anyTranslation.status).toBe(400);
    expect(anyTranslation.body.code).toBe('VALIDATION_FAILED');
    const force = await api(t, user, 'POST', '/v1/glossary', {
      ...FORCE,
      targets: [{ language: 'es', translation: 'patria' }],
    });
    expect(force.status).toBe(201);
    const edited = await api(t, user, 'PUT', `/v1/glossary/${force.body.id}`, FORCE);
    expect(edited.body.targets).toEqual([{ language: 'es', translation: 'nación' }]);

    const other = await createUser(t, 0);
    expect((await api(t, other, 'DELETE', `/v1/glossary/${force.body.id}`)).body.code).toBe('GLOSSARY_TERM_NOT_FOUND');
    expect((await api(t, other, 'GET', '/v1/glossary')).body.terms).toEqual([]);

    const csv = await fetch(`${t.baseUrl}/v1/glossary/export`, { headers: user.auth });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const exported = await csv.text();
    expect(exported).toBe(
      'term,source_language,target_language,translation\r\ncountry,en,es,nación\r\nTarjama,any,any,\r\n',
    );

    const bad = await api(t, other, 'POST', '/v1/glossary/import', {
      csv: 'term,source_language,target_language,translation\nworld,en,es,mundo\n"Hello, you",en,xx,hola\n',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('GLOSSARY_CSV_INVALID');
    expect(bad.body.line).toBe(3);
    expect(bad.body.column).toBe('target_language'); // issue 38 item 4: the line and the column are named
    expect((await api(t, other, 'GET', '/v1/glossary')).body.terms).toEqual([]);
    const noHeader = await api(t, other, 'POST', '/v1/glossary/import', { csv: 'country,en,es,nación\n' });
    expect([noHeader.body.code, noHeader.body.line]).toEqual(['GLOSSARY_CSV_INVALID', 1]);
    const big = await api(t, other, 'POST', '/v1/glossary/import', { csv: 'x'.repeat(600 * 1024) });
    expect(big.body.code).toBe('GLOSSARY_CSV_TOO_LARGE');

    // The export of one account is the import of another: the same terms.
    const imported = await api(t, other, 'POST', '/v1/glossary/import', { csv: exported });
    expect(imported.status).toBe(200);
    expect([imported.body.created, imported.body.updated]).toEqual([2, 0]);
    const again = await api(t, other, 'POST', '/v1/glossary/import', {
      csv: 'term,source_language,target_language,translation\nCountry,en,fr,nation\n',
    });
    expect([again.body.created, again.body.updated]).toEqual([0, 1]);
    const country = again.body.terms.find((x: { term: string }) => x.term === 'country');
    expect(country.targets).toEqual([
      { language: 'es', translation: 'nación' },
      { language: 'fr', translation: 'nation' },
    ]);
  });

  it('keep as is: Tarjama and country -> nación hold in the subtitles and the .docx; a lost term is flagged', async () => {
    const out = await runBoth(t, user, dir);
    // Later edits do not change a job: its snapshot was taken when it was created.
    const list = await api(t, user, 'GET', '/v1/glossary');
    const country = list.body.terms.find((x: { term: string }) => x.term === 'country');
    await api(t, user, 'PUT', `/v1/glossary/${country.id}`, {
      ...FORCE,
      targets: [{ language: 'es', translation: 'patria' }],
    });

    const all = out.subtitles.join(' ');
    expect(all.match(/Tarjama/g)).toHaveLength(2);
    expect(all.match(/nación/g)).toHaveLength(2);
    expect(all).not.toMatch(/país/);
    expect(out.document.match(/Tarjama/g)).toHaveLength(2);
    expect(out.document.toLowerCase().match(/nación/g)).toHaveLength(2);
    expect(out.document).not.toMatch(/país/);

    const jobId = out.mediaJob.id;
    const tracks = await api(t, user, 'GET', `/v1/jobs/${jobId}/tracks`);
    expect(tracks.body.glossary).toEqual({});
    // The user (or a later translate-again) loses the forced term in one cue: GET tracks flags that cue.
    const es = tracks.body.targets.es.cues as Array<{ id: string; start: number; end: number; text: string }>;
    const lost = es.find((c) => c.text.includes('nación'))!;
    const cues = es.map((c) => (c.id === lost.id ? { ...c, text: c.text.replace('nación', 'país') } : c));
    const saved = await api(t, user, 'PUT', `/v1/jobs/${jobId}/tracks`, {
      revision: tracks.body.revision,
      targets: { es: { cues } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.glossary).toEqual({ es: { [lost.id]: [{ term: 'country', expected: 'nación' }] } });
    expect((await api(t, user, 'GET', `/v1/jobs/${jobId}/tracks`)).body.glossary).toEqual(saved.body.glossary);
  }, 240_000);
});

describe('glossary with DeepL: the glossary goes through its glossary API', () => {
  const KEY = 'glossary-test-key';
  let deepl: Awaited<ReturnType<typeof startFakeDeepL>>;
  let t: TestApp;
  let user: TestUser;
  let dir: string;
  beforeAll(async () => {
    deepl = await startFakeDeepL({ apiKey: KEY });
    t = await startTestApp({
      kind: 'pglite',
      queue: { work: true, concurrency: 2 },
      env: { DEEPL_API_KEY: KEY, DEEPL_API_URL: deepl.url },
    });
    user = await createUser(t, 200);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-glossary-deepl-'));
  });
  afterAll(async () => {
    await t?.close();
    await deepl?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keep as is: Tarjama and country -> nación hold in the subtitles and the .docx translated by DeepL', async () => {
    expect((await api(t, user, 'POST', '/v1/glossary', KEEP)).status).toBe(201);
    expect((await api(t, user, 'POST', '/v1/glossary', FORCE)).status).toBe(201);
    const out = await runBoth(t, user, dir);
    const all = out.subtitles.join(' ');
    expect(all.match(/Tarjama/g)).toHaveLength(2);
    expect(all.match(/nación/g)).toHaveLength(2);
    expect(out.document.match(/Tarjama/g)).toHaveLength(2);
    expect(out.document.toLowerCase().match(/nación/g)).toHaveLength(2);
    // One glossary per translated batch, created with the documented fields, named in every translate call, deleted.
    expect(deepl.glossariesCreated.length).toBeGreaterThanOrEqual(2);
    for (const g of deepl.glossariesCreated) {
      expect([g.source_lang, g.target_lang]).toEqual(['en', 'es']);
      // A glossary's entries are a set (the SDK sends them in its own order).
      expect([...g.entries].sort((a, b) => a[0].localeCompare(b[0]))).toEqual([
        ['country', 'nación'],
        ['Tarjama', 'Tarjama'],
      ]);
    }
    const translates = deepl.requests
      .filter((r) => r.path === '/v2/translate')
      // deepl-node sends a form-encoded body.
      .map((r) => ({ glossary_id: new URLSearchParams(r.body.toString()).get('glossary_id') ?? undefined }));
    expect(translates.length).toBeGreaterThanOrEqual(2);
    expect(translates.every((b) => deepl.glossariesCreated.some((g) => g.glossary_id === b.glossary_id))).toBe(true);
    expect(deepl.glossaries.size).toBe(0);
  }, 240_000);
});
