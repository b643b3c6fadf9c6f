/**
 * A local server speaking the DeepL API v2 (https://developers.deepl.com/docs/api-reference/translate):
 * POST /v2/translate (JSON or form body), GET/POST /v2/usage, `Authorization: DeepL-Auth-Key KEY`.
 * Documented errors: 403 authorization failure, 400 bad parameter (`{"message": ...}`), 413 too large,
 * 429 too many requests, 456 quota exceeded. Translation is real and deterministic (fake translator).
 * Glossaries (https://developers.deepl.com/docs/api-reference/glossaries): POST /v2/glossaries (JSON or form:
 * `name`, `source_lang`, `target_lang`, `entries`, `entries_format` tsv|csv) answers 201 with the glossary
 * (`glossary_id`, `ready`, `name`, `source_lang`, `target_lang`, `creation_time`, `entry_count`); GET
 * /v2/glossaries, GET /v2/glossaries/{id}, GET /v2/glossaries/{id}/entries (TSV), DELETE /v2/glossaries/{id} (204).
 * /v2/translate with `glossary_id` needs `source_lang` and a glossary of the same pair (else 400), and renders
 * every entry's source (whole words, ignoring case) as its target: the entry travels through the fake translator
 * as an opaque token, as a real engine honours a glossary.
 */
import { fakeTranslate } from './fake-translator.ts';
import { formBody, jsonBody, startFakeServer, type FakeServer } from './fake-http.ts';

const SOURCE = [
  'AR',
  'BG',
  'CS',
  'DA',
  'DE',
  'EL',
  'EN',
  'ES',
  'ET',
  'FI',
  'FR',
  'HU',
  'ID',
  'IT',
  'JA',
  'KO',
  'LT',
  'LV',
  'NB',
  'NL',
  'PL',
  'PT',
  'RO',
  'RU',
  'SK',
  'SL',
  'SV',
  'TR',
  'UK',
  'ZH',
];
const TARGET = [
  ...SOURCE.filter((c) => c !== 'EN' && c !== 'PT' && c !== 'ZH'),
  'EN-GB',
  'EN-US',
  'PT-PT',
  'PT-BR',
  'ZH',
  'ZH-HANS',
  'ZH-HANT',
];

/** A glossary as the fake keeps it. */
export interface FakeGlossary {
  glossary_id: string;
  name: string;
  source_lang: string;
  target_lang: string;
  entries: Array<[string, string]>;
  creation_time: string;
}

/** Parses TSV (or CSV without quotes) glossary entries; null when a line is not `source<sep>target`. */
function parseEntries(text: string, format: string): Array<[string, string]> | null {
  const sep = format === 'csv' ? ',' : '\t';
  const out: Array<[string, string]> = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const parts = line.split(sep);
    if (parts.length < 2 || !parts[0].trim() || !parts[1].trim()) return null;
    out.push([parts[0].trim(), parts[1].trim()]);
  }
  return out.length ? out : null;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Translates `texts` honouring `g`: each entry's source becomes a token the translator keeps, then its target. */
async function translateWithGlossary(texts: string[], from: string, to: string, g: FakeGlossary): Promise<string[]> {
  const entries = [...g.entries].sort((a, b) => b[0].length - a[0].length);
  const token = (i: number) => `QGLOSS${String.fromCharCode(65 + i)}Q`;
  const marked = texts.map((t) =>
    entries.reduce(
      (s, [src], i) => s.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(src)}(?![\\p{L}\\p{N}])`, 'giu'), token(i)),
      t,
    ),
  );
  const out = await fakeTranslate(marked, from, to);
  return out.map((t) => entries.reduce((s, [, target], i) => s.replace(new RegExp(token(i), 'gi'), target), t));
}

/** Starts the fake. `characterLimit`: the account's quota; beyond it /v2/translate answers 456. */
export async function startFakeDeepL(opts: { apiKey: string; characterLimit?: number }): Promise<
  FakeServer & {
    charactersUsed(): number;
    /** Glossaries that exist now, by id. */
    glossaries: Map<string, FakeGlossary>;
    /** Every glossary ever created (also the deleted ones), in order. */
    glossariesCreated: FakeGlossary[];
  }
> {
  const glossaries = new Map<string, FakeGlossary>();
  const glossariesCreated: FakeGlossary[] = [];
  let nextId = 1;
  let used = 0;
  const limit = opts.characterLimit ?? 500000;
  const server = await startFakeServer(
    async (req) => {
      if (req.headers.authorization !== `DeepL-Auth-Key ${opts.apiKey}`)
        return { status: 403, body: { message: 'Authorization failure, check auth_key' } };
      const url = req.path.split('?')[0];
      if (url === '/v2/usage') return { status: 200, body: { character_count: used, character_limit: limit } };
      const info = (g: FakeGlossary) => ({
        glossary_id: g.glossary_id,
        name: g.name,
        ready: true,
        source_lang: g.source_lang,
        target_lang: g.target_lang,
        creation_time: g.creation_time,
        entry_count: g.entries.length,
      });
      if (url === '/v2/glossaries' && req.method === 'GET')
        return { status: 200, body: { glossaries: [...glossaries.values()].map(info) } };
      if (url === '/v2/glossaries' && req.method === 'POST') {
        const isJson = String(req.headers['content-type']).startsWith('application/json');
        const f = isJson ? null : await formBody(req);
        const b: any = isJson ? jsonBody(req) : f && Object.fromEntries(f.entries());
        if (!b || typeof b.name !== 'string' || !b.name)
          return { status: 400, body: { message: "Missing or invalid argument: 'name'" } };
        const source = String(b.source_lang ?? '').toLowerCase();
        const target = String(b.target_lang ?? '').toLowerCase();
        if (!SOURCE.includes(source.toUpperCase()) || !SOURCE.includes(target.toUpperCase()))
          return { status: 400, body: { message: 'Unsupported glossary source and target language pair' } };
        const format = String(b.entries_format ?? 'tsv');
        const entries = typeof b.entries === 'string' ? parseEntries(b.entries, format) : null;
        if (!['tsv', 'csv'].includes(format) || !entries)
          return { status: 400, body: { message: "Invalid glossary entries provided ('entries')" } };
        if (new Set(entries.map(([s]) => s)).size !== entries.length)
          return { status: 400, body: { message: 'Invalid glossary entries provided: duplicate source entries' } };
        const g: FakeGlossary = {
          glossary_id: `def3a26b-3e84-45b3-84ae-${String(nextId++).padStart(12, '0')}`,
          name: b.name,
          source_lang: source,
          target_lang: target,
          entries,
          creation_time: new Date().toISOString(),
        };
        glossaries.set(g.glossary_id, g);
        glossariesCreated.push(g);
        return { status: 201, body: info(g) };
      }
      const gm = /^\/v2\/glossaries\/([^/]+)(\/entries)?$/.exec(url);
      if (gm) {
        const g = glossaries.get(decodeURIComponent(gm[1]));
        if (!g) return { status: 404, body: { message: 'Not found', detail: 'Glossary not found' } };
        if (req.method === 'DELETE' && !gm[2]) {
          glossaries.delete(g.glossary_id);
          return { status: 204 };
        }
        if (req.method !== 'GET') return { status: 405, body: { message: 'Method not allowed' } };
        if (gm[2])
          return {
            status: 200,
            headers: { 'content-type': 'text/tab-separated-values' },
            body: g.entries.map(([s, t]) => `${s}\t${t}`).join('\n'),
          };
        return { status: 200, body: info(g) };
      }
      if (url !== '/v2/translate') return { status: 404, body: { message: 'Not found' } };
      if (req.method !== 'POST') return { status: 405, body: { message: 'Method not allowed' } };
      if (req.body.length > 128 * 1024) return { status: 413, body: { message: 'Request Entity Too Large' } };
      let b: any;
      if (String(req.headers['content-type']).startsWith('application/json')) b = jsonBody(req);
      else {
        const f = await formBody(req);
        b = f && {
          text: f.getAll('text'),
          source_lang: f.get('source_lang') ?? undefined,
          target_lang: f.get('target_lang'),
          tag_handling: f.get('tag_handling') ?? undefined,
          glossary_id: f.get('glossary_id') ?? undefined,
        };
      }
      if (!b) return { status: 400, body: { message: 'Bad request. Reason: invalid body' } };
      if (!Array.isArray(b.text) || b.text.length === 0 || b.text.some((t: unknown) => typeof t !== 'string'))
        return { status: 400, body: { message: "Value for 'text' not supported." } };
      if (b.text.length > 50) return { status: 413, body: { message: 'Too many texts: at most 50 per request' } };
      if (!TARGET.includes(String(b.target_lang ?? '').toUpperCase()))
        return { status: 400, body: { message: "Value for 'target_lang' not supported." } };
      if (b.source_lang !== undefined && !SOURCE.includes(String(b.source_lang).toUpperCase()))
        return { status: 400, body: { message: "Value for 'source_lang' not supported." } };
      if (b.tag_handling !== undefined && !['xml', 'html'].includes(b.tag_handling))
        return { status: 400, body: { message: "Value for 'tag_handling' not supported." } };
      let glossary: FakeGlossary | undefined;
      if (b.glossary_id !== undefined) {
        glossary = glossaries.get(String(b.glossary_id));
        if (b.source_lang === undefined)
          return { status: 400, body: { message: "Value for 'source_lang' is required when using a glossary." } };
        if (!glossary) return { status: 400, body: { message: "Value for 'glossary_id' not supported." } };
        if (
          glossary.source_lang !== String(b.source_lang).toLowerCase() ||
          glossary.target_lang !== String(b.target_lang).toLowerCase().split('-')[0]
        )
          return { status: 400, body: { message: "Glossary's language pair does not match the request." } };
      }
      const chars = b.text.reduce((n: number, t: string) => n + t.length, 0);
      if (used + chars > limit) return { status: 456, body: { message: 'Quota exceeded' } };
      used += chars;
      const from = String(b.source_lang ?? 'EN').toLowerCase();
      const to = String(b.target_lang).toLowerCase().split('-')[0];
      // Without tag_handling DeepL treats tags as text; the fake translator keeps them either way.
      const texts = glossary
        ? await translateWithGlossary(b.text, from, to, glossary)
        : await fakeTranslate(b.text, from, to);
      return {
        status: 200,
        body: { translations: texts.map((text) => ({ detected_source_language: from.toUpperCase(), text })) },
      };
    },
    { message: 'Too many requests' },
  );
  return Object.assign(server, { charactersUsed: () => used, glossaries, glossariesCreated });
}
