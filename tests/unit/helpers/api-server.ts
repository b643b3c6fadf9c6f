/**
 * A small local HTTP server answering like the Tarjama API documents (contract/endpoints.ts: the same paths,
 * statuses, answer shapes and error bodies `{ error, statusCode, code, ...details }`), for the calls the web app's
 * units make. Answers are typed with the contract's types, so a contract change that this server no longer
 * follows fails the type check. It can be stopped and started again on the same port to play an unreachable
 * server. Relative fetches of the app are sent to it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { UserResponse } from '../../../contract/auth.ts';
import type { PlansResponse } from '../../../contract/billing.ts';
import { ERRORS, type ErrorBody, type ErrorCode } from '../../../contract/errors.ts';
import type { EstimateResponse, JobResponse, PriceLine, TranslateJobRequest } from '../../../contract/jobs.ts';
import type { PresignedUrlResponse } from '../../../contract/uploads.ts';
import type {
  RedubEstimateResponse,
  RedubRequest,
  SaveTracksRequest,
  TracksResponse,
} from '../../../contract/tracks.ts';

export interface Recorded {
  method: string;
  url: string;
  body: unknown;
  auth?: string;
}

export interface FakeApi {
  base: string;
  requests: Recorded[];
  /** Valid bearer token; any other gets 401. */
  token: string;
  /** Credits available: a translate call costing more answers 402 PAYMENT_REQUIRED. */
  balance: number;
  /** Length of every uploaded media file, seconds (the server measures it; priced per started minute). */
  mediaSeconds: number;
  /** Jobs of the user, newest first. */
  jobs: JobResponse[];
  /** The credit rates GET /v1/plans publishes and the prices use. */
  rates: PlansResponse['rates'];
  /** The editor's tracks of every job (GET/PUT /v1/jobs/{id}/tracks), by job id. */
  tracks: Record<string, TracksResponse>;
  /**
   * What a re-dub would voice again (POST /v1/jobs/{id}/redub/estimate): segments in all and changed, and the
   * changed segments' length in seconds, priced at the voice-over rate per started minute.
   */
  redub: { segmentsTotal: number; segmentsChanged: number; seconds: number };
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The rates the server publishes (spec section 9). */
export const RATES: PlansResponse['rates'] = {
  subtitle: { credits: 1, per: 1, unit: 'minute' },
  voice_over: { credits: 3, per: 1, unit: 'minute' },
  burned_subtitles: { credits: 1, per: 1, unit: 'minute' },
  document: { credits: 0.5, per: 100, unit: 'word' },
  voice_clone: { credits: 5, per: 1, unit: 'minute' },
};

const PLAN_CARDS: PlansResponse['plans'] = [
  ['Free', 'Free', null, '$0', 'one-time', 25],
  ['Explorer', 'explorer', 'price_explorer', '$19', '/month', 400],
  ['Pro', 'pro', 'price_pro', '$49', '/month', 1200],
  ['Business', 'business', 'price_business', '$129', '/month', 3500],
].map(([name, planName, priceId, price, period, allowance]) => ({
  name: name as string,
  planName: planName as string,
  priceId: priceId as string | null,
  description: `${name as string} plan`,
  price: price as string,
  period: period as string,
  credits: `${allowance as number} credits`,
  allowance: allowance as number,
  features: [],
  limitations: [],
  buttonText: `Choose ${name as string}`,
  buttonVariant: 'outline',
  payAsYouGo: null,
  popular: planName === 'pro',
  rolloverPercent: 0,
}));

const send = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};
const refuse = (res: http.ServerResponse, code: ErrorCode, details: Partial<ErrorBody> = {}) =>
  send(res, ERRORS[code].status, { ...details, error: ERRORS[code].message, statusCode: ERRORS[code].status, code });

/** A job as GET /v1/jobs/{id} answers it, with the fields a test sets. */
export function jobOf(over: Partial<JobResponse> = {}): JobResponse {
  return {
    id: 'job1',
    original_filename: 'talk.mp4',
    job_type: 'video_translation',
    services_requested: ['subtitle'],
    source_language: 'en-gb',
    target_languages: ['es'],
    voice_over_mode: 'dubbing',
    source_file_url: 'http://x/files/a',
    status: 'queued',
    credits_used: 1,
    created_at: '2026-11-22T09:00:00.000Z',
    progress: 0,
    stage: null,
    error: null,
    error_code: null,
    source_expired: false,
    notes: [],
    output_files: {},
    ...over,
  };
}

function priceOf(
  rates: PlansResponse['rates'],
  seconds: number,
  body: { target_languages: string[]; services_to_run: string[] },
): PriceLine[] {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return body.target_languages.flatMap((language) =>
    (['subtitle', 'voice_over'] as const)
      .filter((s) => body.services_to_run.includes(s))
      .map((service) => ({
        language,
        service,
        quantity: minutes,
        unit: 'minute' as const,
        credits: (minutes / rates[service].per) * rates[service].credits,
      })),
  );
}

export async function startFakeApi(): Promise<FakeApi> {
  let server: http.Server | null = null;
  let port = 0;
  const user = (api: FakeApi): UserResponse => ({
    id: 'u1',
    email: 'ada@example.com',
    full_name: 'Ada',
    current_plan: 'Free',
    credit_balance: api.balance,
    email_verified: true,
    language: 'en',
    created_at: '2026-11-01T00:00:00.000Z',
  });
  const handle = (api: FakeApi, req: http.IncomingMessage, res: http.ServerResponse, body: unknown) => {
    const route = `${req.method} ${req.url?.split('?')[0]}`;
    if (route === 'GET /v1/plans') {
      const plans: PlansResponse = { billing_mode: 'test', rates: api.rates, plans: PLAN_CARDS };
      return send(res, 200, plans);
    }
    // Signed downloads need no token (the signature is checked by the real server; any one is taken here).
    if (/^(GET|HEAD) \/files\//.test(route)) {
      res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': '4' });
      return res.end(req.method === 'HEAD' ? undefined : 'mp4!');
    }
    if (req.headers.authorization !== `Bearer ${api.token}`) return refuse(res, 'UNAUTHORIZED');
    const file = route.match(/^(GET|HEAD) \/v1\/uploads\/([^/]+)\/file$/);
    if (file) {
      // GET /v1/uploads/{id}/file: the owner's upload, as a redirect to a signed download.
      res.writeHead(302, { Location: `${api.base}/files/${file[2]}?sig=signed` });
      return res.end();
    }
    if (route === 'GET /v1/users/me') return send(res, 200, user(api));
    if (route === 'POST /v1/uploads/presigned-url') {
      const b = body as { content_type?: string; filename?: string };
      if (!b.content_type?.startsWith('video/') && !b.content_type?.startsWith('audio/'))
        return refuse(res, 'FILE_TYPE_NOT_ALLOWED');
      const id = `up${api.requests.length}`;
      const answer: PresignedUrlResponse = {
        upload_url: `${api.base}/put/${id}`,
        file_url: `${api.base}/files/${id}`,
        tus_url: `${api.base}/tus`,
        upload_id: id,
        expires_at: '2026-11-22T10:00:00.000Z',
      };
      return send(res, 200, answer);
    }
    if (route === 'POST /v1/jobs/estimate') {
      const b = body as { target_languages: string[]; services_to_run: string[] };
      const breakdown = priceOf(api.rates, api.mediaSeconds, b);
      const answer: EstimateResponse = {
        credits: breakdown.reduce((n, l) => n + l.credits, 0),
        balance: api.balance,
        media_seconds: api.mediaSeconds,
        breakdown,
      };
      return send(res, 200, answer);
    }
    if (route === 'POST /v1/jobs/translate') {
      const b = body as TranslateJobRequest;
      const price = priceOf(api.rates, api.mediaSeconds, b).reduce((n, l) => n + l.credits, 0);
      if (price > api.balance) return refuse(res, 'PAYMENT_REQUIRED', { price, balance: api.balance });
      const job = jobOf({
        id: `job${api.jobs.length + 1}`,
        source_file_url: b.media_url,
        source_language: b.source_language ?? 'auto',
        target_languages: b.target_languages,
        services_requested: b.services_to_run,
        credits_used: price,
      });
      api.jobs.unshift(job);
      return send(res, 201, job);
    }
    if (route === 'GET /v1/jobs/') return send(res, 200, api.jobs);
    const tracks = route.match(/^(GET|PUT) \/v1\/jobs\/([^/]+)\/tracks$/);
    if (tracks) return answerTracks(api, res, tracks[1], decodeURIComponent(tracks[2]), body);
    if (/^POST \/v1\/jobs\/[^/]+\/redub\/estimate$/.test(route)) {
      const b = body as RedubRequest;
      const minutes = Math.max(1, Math.ceil(api.redub.seconds / 60));
      const perLanguage = (minutes / api.rates.voice_over.per) * api.rates.voice_over.credits;
      const answer: RedubEstimateResponse = {
        credits: perLanguage * b.languages.length,
        balance: api.balance,
        seconds: api.redub.seconds,
        languages: Object.fromEntries(
          b.languages.map((l) => [
            l,
            { segments_total: api.redub.segmentsTotal, segments_changed: api.redub.segmentsChanged },
          ]),
        ),
      };
      return send(res, 200, answer);
    }
    const one = route.match(/^GET \/v1\/jobs\/([^/]+)$/);
    if (one) {
      const job = api.jobs.find((j) => j.id === decodeURIComponent(one[1]));
      return job ? send(res, 200, job) : refuse(res, 'JOB_NOT_FOUND');
    }
    return refuse(res, 'NOT_FOUND');
  };
  const api: FakeApi = {
    base: '',
    requests: [],
    token: 'good-token',
    balance: 100,
    mediaSeconds: 600,
    jobs: [],
    rates: structuredClone(RATES),
    tracks: {},
    redub: { segmentsTotal: 20, segmentsChanged: 1, seconds: 3 },
    async start() {
      server = http.createServer((req, res) => {
        let raw = '';
        req.on('data', (c) => (raw += c));
        req.on('end', () => {
          let body: unknown = raw;
          try {
            body = raw ? JSON.parse(raw) : undefined;
          } catch {
            body = raw;
          }
          api.requests.push({ method: req.method ?? '', url: req.url ?? '', body, auth: req.headers.authorization });
          handle(api, req, res, body);
        });
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
      api.base = `http://127.0.0.1:${port}`;
    },
    async stop() {
      if (!server) return;
      server.closeAllConnections?.();
      await new Promise((r) => server!.close(r));
      server = null;
    },
    async close() {
      await api.stop();
    },
  };
  await api.start();
  return api;
}

/**
 * The editor's tracks as the API documents them: PUT saves revision N+1 over N, answers 409 REVISION_CONFLICT
 * (with the latest `revision`) over an older one and 400 INVALID_CUE for a cue without text.
 */
function answerTracks(api: FakeApi, res: http.ServerResponse, method: string, id: string, body: unknown) {
  const current = api.tracks[id];
  if (!current) return refuse(res, 'TRACKS_NOT_READY');
  if (method === 'GET') return send(res, 200, current);
  const b = body as SaveTracksRequest;
  if (b.revision !== current.revision) return refuse(res, 'REVISION_CONFLICT', { revision: current.revision });
  const empty = b.source?.cues.find((c) => !c.text.trim());
  if (empty) return refuse(res, 'INVALID_CUE', { track: 'source', cue_id: empty.id, problem: 'empty_text' });
  const targets = { ...current.targets };
  for (const [lang, track] of Object.entries(b.targets ?? {})) targets[lang] = track;
  const next: TracksResponse = {
    revision: current.revision + 1,
    source: { language: current.source.language, cues: b.source?.cues ?? current.source.cues },
    targets,
    warnings: {},
  };
  api.tracks[id] = next;
  return send(res, 200, next);
}

/** Sends the app's relative fetches ('/v1/...') to `base`. Returns a restore function. */
export function routeFetchTo(api: FakeApi): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' && input.startsWith('/') ? api.base + input : input;
    return original(url, init);
  };
  return () => {
    globalThis.fetch = original;
  };
}
