/**
 * The quotas of the network engines that publish one, for operators (GET /readyz and GET /healthz, issue 26 item 6):
 * DeepL's `GET /v2/usage` (https://developers.deepl.com/docs/api-reference/usage-and-quota: `character_count`
 * and `character_limit`, characters translated in the current billing period and the most allowed). A quota is
 * exhausted when the count has reached the limit: DeepL then answers 456 to every translation.
 * Kept apart from the engines themselves, which only translate.
 */
import { ConnectionError, DeepLError, Translator } from 'deepl-node';
import type { EnginesConfig } from '../config/engines.config.ts';
import { FAILED_HEALTH_TTL_MS } from './engine-health.ts';

/** One engine's quota as its API reports it; `exhausted` undefined when the API could not be asked. */
export interface EngineQuota {
  /** The engine id ('deepl'). */
  engine: string;
  exhausted?: boolean;
  /** Characters used in the current period, and the most allowed (DeepL's own figures). */
  used?: number;
  limit?: number;
  /** Why the quota is unknown (network failure, refused key), in English, for operators. */
  error?: string;
}

/** How long one answer of the usage APIs is reused, milliseconds (a probe every few seconds asks DeepL twice a minute at most). */
export const QUOTA_TTL_MS = 30_000;
/** How long a usage request may take, milliseconds. */
const QUOTA_TIMEOUT_MS = 5_000;

/** The usage request ran out of QUOTA_TIMEOUT_MS. */
class QuotaTimeout extends Error {}

/**
 * Asks DeepL for its usage through the official SDK (deepl-node `Translator.getUsage()`: `GET {apiUrl}/v2/usage`,
 * header `Authorization: DeepL-Auth-Key KEY`; no retries, at most QUOTA_TIMEOUT_MS). Never throws: a failure
 * comes back as `error`, in English for operators (the SDK's error class and message).
 */
export async function deeplQuota(cfg: { apiUrl: string; apiKey: string }): Promise<EngineQuota> {
  const translator = new Translator(cfg.apiKey, { serverUrl: cfg.apiUrl, maxRetries: 0, minTimeout: QUOTA_TIMEOUT_MS });
  let timer: NodeJS.Timeout | undefined;
  try {
    const usage = await Promise.race([
      translator.getUsage(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new QuotaTimeout()), QUOTA_TIMEOUT_MS);
      }),
    ]);
    const character = usage.character;
    if (!character)
      return { engine: 'deepl', error: 'GET /v2/usage answered without character_count and character_limit' };
    return { engine: 'deepl', exhausted: character.limitReached(), used: character.count, limit: character.limit };
  } catch (e) {
    if (e instanceof QuotaTimeout) return { engine: 'deepl', error: 'GET /v2/usage did not answer within 5 s' };
    if (e instanceof ConnectionError) return { engine: 'deepl', error: 'cannot reach DeepL' };
    if (e instanceof DeepLError) return { engine: 'deepl', error: `GET /v2/usage failed: ${e.name}: ${e.message}` };
    return { engine: 'deepl', error: `GET /v2/usage failed: ${(e as Error).message}` };
  } finally {
    clearTimeout(timer);
  }
}

/** The quota checks of the configured engines (none for engines without a usage API). */
export function quotaChecks(config: EnginesConfig): (() => Promise<EngineQuota>)[] {
  const checks: (() => Promise<EngineQuota>)[] = [];
  const { deepl } = config;
  if (deepl) checks.push(() => deeplQuota(deepl));
  return checks;
}

/**
 * A reader of the configured engines' quotas that asks their APIs at most every `ttlMs` (`failedTtlMs` for an
 * answer carrying an `error`: DeepL could not be asked, so it is asked again soon). An answer younger than that is
 * returned as is; one up to `maxStaleMs` old is returned at once while a new one is fetched (a probe every few
 * seconds never waits on DeepL); an older one is never shown: the call waits for a new answer (at most
 * QUOTA_TIMEOUT_MS). Returning any old answer while refreshing behind it showed DeepL `used: 0` eleven minutes
 * after /v2/usage answered 155,742, because the first probe after a quiet spell got the answer of the probe before
 * the spell (issue 39 item 9).
 */
export function createQuotaReader(
  config: EnginesConfig,
  ttlMs = QUOTA_TTL_MS,
  maxStaleMs = 2 * ttlMs,
  failedTtlMs = FAILED_HEALTH_TTL_MS,
): () => Promise<EngineQuota[]> {
  const checks = quotaChecks(config);
  let last: { at: number; value: EngineQuota[]; ttl: number } | undefined;
  let pending: Promise<EngineQuota[]> | undefined;
  const refresh = () =>
    (pending ??= Promise.all(checks.map((c) => c()))
      .then((value) => {
        last = { at: Date.now(), value, ttl: value.some((q) => q.error) ? Math.min(ttlMs, failedTtlMs) : ttlMs };
        return value;
      })
      .finally(() => (pending = undefined)));
  return async () => {
    if (!checks.length) return [];
    const age = last ? Date.now() - last.at : Infinity;
    if (!last || age >= maxStaleMs) return refresh();
    if (age >= last.ttl) void refresh();
    return last.value;
  };
}
