/**
 * Settings of the way in for programs (issue 23): API key rate limits, webhook deliveries and idempotency.
 * Every variable here is listed in docs/configuration.md.
 */
import * as v from 'valibot';
import { boolWithDefault, intWithDefault } from './env.ts';

export const apiEnv = {
  API_KEY_RATE_PER_MINUTE: intWithDefault(600, 1, 100_000),
  WEBHOOK_ALLOW_PRIVATE_URLS: boolWithDefault(false),
  WEBHOOK_RETRY_BASE_SECONDS: intWithDefault(60, 1, 3600),
  WEBHOOK_RETRY_WINDOW_SECONDS: intWithDefault(24 * 60 * 60, 1, 7 * 24 * 60 * 60),
  WEBHOOK_TIMEOUT_SECONDS: intWithDefault(10, 1, 60),
  WEBHOOK_CONCURRENCY: intWithDefault(32, 1, 256),
};

type ApiEnv = v.InferOutput<v.ObjectSchema<typeof apiEnv, undefined>>;

/** Typed settings of API keys and webhooks. */
export interface ApiConfig {
  /** Requests one API key may make per minute (per API process), else 429 RATE_LIMITED. */
  keyRatePerMinute: number;
  /**
   * Webhook URLs may be http:// and resolve to loopback, private or link-local addresses. For tests and local
   * development only: in production it opens the server to SSRF.
   */
  webhookAllowPrivateUrls: boolean;
  /** Wait before the first retry of a failed delivery, seconds; each further retry waits twice as long (at most 6 h). */
  webhookRetryBaseSeconds: number;
  /** A delivery is retried until this long after its event, seconds (24 h); then it fails and the endpoint is disabled. */
  webhookRetryWindowSeconds: number;
  /**
   * One try's whole deadline, seconds: connecting, the request, the answer's headers and (at most 4 KB of) its body
   * together. Past it the try is aborted, its socket destroyed and the try logged as a timeout.
   */
  webhookTimeoutSeconds: number;
  /**
   * Webhook tries one process makes at once, from one fetch loop (at most 2 to one endpoint, 4 to one account's).
   * They mostly wait on other hosts, so many cost little: 32 lets 8 accounts' slow receivers hold 4 each.
   */
  webhookConcurrency: number;
}

export function toApiConfig(e: ApiEnv): ApiConfig {
  return {
    keyRatePerMinute: e.API_KEY_RATE_PER_MINUTE,
    webhookAllowPrivateUrls: e.WEBHOOK_ALLOW_PRIVATE_URLS,
    webhookRetryBaseSeconds: e.WEBHOOK_RETRY_BASE_SECONDS,
    webhookRetryWindowSeconds: e.WEBHOOK_RETRY_WINDOW_SECONDS,
    webhookTimeoutSeconds: e.WEBHOOK_TIMEOUT_SECONDS,
    webhookConcurrency: e.WEBHOOK_CONCURRENCY,
  };
}
