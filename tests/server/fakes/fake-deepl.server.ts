/**
 * A local server speaking the DeepL API v2 (https://developers.deepl.com/docs/api-reference/translate):
 * POST /v2/translate (JSON or form body), GET/POST /v2/usage, `Authorization: DeepL-Auth-Key KEY`.
 * Documented errors: 403 authorization failure, 400 bad parameter (`{"message": ...}`), 413 too large,
 * 429 too many requests, 456 quota exceeded. Translation is real and deterministic (fake translator).
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

/** Starts the fake. `characterLimit`: the account's quota; beyond it /v2/translate answers 456. */
export async function startFakeDeepL(opts: {
  apiKey: string;
  characterLimit?: number;
}): Promise<FakeServer & { charactersUsed(): number }> {
  let used = 0;
  const limit = opts.characterLimit ?? 500000;
  const server = await startFakeServer(
    async (req) => {
      if (req.headers.authorization !== `DeepL-Auth-Key ${opts.apiKey}`)
        return { status: 403, body: { message: 'Authorization failure, check auth_key' } };
      const url = req.path.split('?')[0];
      if (url === '/v2/usage') return { status: 200, body: { character_count: used, character_limit: limit } };
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
      const chars = b.text.reduce((n: number, t: string) => n + t.length, 0);
      if (used + chars > limit) return { status: 456, body: { message: 'Quota exceeded' } };
      used += chars;
      const from = String(b.source_lang ?? 'EN').toLowerCase();
      const to = String(b.target_lang).toLowerCase().split('-')[0];
      // Without tag_handling DeepL treats tags as text; the fake translator keeps them either way.
      const texts = await fakeTranslate(b.text, from, to);
      return {
        status: 200,
        body: { translations: texts.map((text) => ({ detected_source_language: from.toUpperCase(), text })) },
      };
    },
    { message: 'Too many requests' },
  );
  return Object.assign(server, { charactersUsed: () => used });
}
