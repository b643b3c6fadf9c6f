/**
 * A local server speaking the LibreTranslate API (https://libretranslate.com/docs): POST /translate with JSON or
 * form `{q, source, target, format, api_key}` -> `{translatedText}` (a string, or an array for an array `q`),
 * GET /languages, GET /frontend/settings. Documented errors: 400 `{"error": ...}`, 403 invalid key, 429 slowdown, 500.
 */
import { FAKE_LANGUAGES, fakeTranslate } from './fake-translator.ts';
import { formBody, jsonBody, startFakeServer, type FakeServer } from './fake-http.ts';
import { languageName } from '../../../contract/languages.ts';

/**
 * Starts the fake. `apiKey`: when set, requests must carry it as `api_key`. `batchLimit` and `charLimit` act as
 * the server's --batch-limit and --char-limit options: a request over them is refused with 400
 * "Invalid request: request (N) exceeds text limit (L)" (LibreTranslate app.py). `delayMs`: each translation
 * answers after this long (a slow server, to see a client's requests in flight).
 */
export async function startFakeLibreTranslate(
  opts: { apiKey?: string; batchLimit?: number; charLimit?: number; delayMs?: number } = {},
): Promise<FakeServer> {
  return startFakeServer(
    async (req) => {
      const url = req.path.split('?')[0];
      if (url === '/languages' && req.method === 'GET')
        return {
          status: 200,
          body: FAKE_LANGUAGES.map((code) => ({
            code,
            name: languageName(code),
            targets: FAKE_LANGUAGES.filter((c) => c !== code),
          })),
        };
      // The settings its web page reads (LibreTranslate app.py `/frontend/settings`): charLimit -1 is no limit.
      if (url === '/frontend/settings' && req.method === 'GET')
        return {
          status: 200,
          body: {
            charLimit: opts.charLimit ?? -1,
            frontendTimeout: 500,
            apiKeys: Boolean(opts.apiKey),
            keyRequired: Boolean(opts.apiKey),
            suggestions: false,
            filesTranslation: true,
            supportedFilesFormat: ['.txt', '.odt', '.odp', '.docx', '.pptx', '.epub', '.html'],
            language: { source: { code: 'auto', name: 'Auto Detect' }, target: { code: 'en', name: 'English' } },
          },
        };
      if (url !== '/translate' || req.method !== 'POST') return { status: 404, body: { error: 'Not Found' } };
      let b: any;
      if (String(req.headers['content-type']).startsWith('application/json')) b = jsonBody(req);
      else {
        const f = await formBody(req);
        b = f && Object.fromEntries(f.entries());
      }
      if (!b) return { status: 400, body: { error: 'Invalid request: could not read the body' } };
      if (opts.apiKey && b.api_key !== opts.apiKey) return { status: 403, body: { error: 'Invalid API key' } };
      if (b.q === undefined || b.q === '')
        return { status: 400, body: { error: 'Invalid request: missing q parameter' } };
      if (!b.source) return { status: 400, body: { error: 'Invalid request: missing source parameter' } };
      if (!b.target) return { status: 400, body: { error: 'Invalid request: missing target parameter' } };
      if (b.source !== 'auto' && !FAKE_LANGUAGES.includes(b.source))
        return { status: 400, body: { error: `${b.source} is not supported` } };
      if (!FAKE_LANGUAGES.includes(b.target)) return { status: 400, body: { error: `${b.target} is not supported` } };
      if (b.format !== undefined && !['text', 'html'].includes(b.format))
        return { status: 400, body: { error: `${b.format} format is not supported` } };
      const q: string[] = Array.isArray(b.q) ? b.q : [b.q];
      const over = (size: number, limit: number) => ({
        status: 400,
        body: { error: `Invalid request: request (${size}) exceeds text limit (${limit})` },
      });
      if (opts.batchLimit !== undefined && Array.isArray(b.q) && q.length > opts.batchLimit)
        return over(q.length, opts.batchLimit);
      const chars = q.reduce((n, t) => n + [...t].length, 0);
      if (opts.charLimit !== undefined && chars > opts.charLimit) return over(chars, opts.charLimit);
      // A busy or small server takes its time (opts.delayMs per request), as a self-hosted LibreTranslate does.
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      const out = await fakeTranslate(q, b.source === 'auto' ? 'en' : b.source, b.target);
      return { status: 200, body: { translatedText: Array.isArray(b.q) ? out : out[0] } };
    },
    { error: 'Slowdown: 30 per 1 minute' },
  );
}
