/**
 * The quotas of the network engines that publish one, for operators (GET /readyz and GET /healthz, issue 26 item 6):
 * DeepL's `GET /v2/usage` (https://developers.deepl.com/docs/api-reference/usage-and-quota: `character_count`
 * and `character_limit`, characters translated in the current billing period and the most allowed). A quota is
 * exhausted when the count has reached the limit: DeepL then answers 456 to every translation.
 * Kept apart from the engines themselves, which only translate.
 */
import type { EnginesConfig } from '../config/engines.config.ts';

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

/**
 * Asks DeepL for its usage (`GET {apiUrl}/v2/usage`, header `Authorization: DeepL-Auth-Key KEY`).
 * Never throws: a failure comes back as `error`.
 */
export async function deeplQuota(cfg: { apiUrl: string; apiKey: string }): Promise<EngineQuota> {
  try {
    const res = await fetch(`${cfg.apiUrl}/v2/usage`, {
      headers: { authorization: `DeepL-Auth-Key ${cfg.apiKey}` },
      signal: AbortSignal.timeout(QUOTA_TIMEOUT_MS),
    });
    if (!res.ok) return { engine: 'deepl', error: `GET /v2/usage answered HTTP ${res.status}` };
    const body = (await res.json()) as { character_count?: unknown; character_limit?: unknown };
    const used = typeof body.character_count === 'number' ? body.character_count : undefined;
    const limit = typeof body.character_limit === 'number' ? body.character_limit : undefined;
    if (used === undefined || limit === undefined)
      return { engine: 'deepl', error: 'GET /v2/usage answered without character_count and character_limit' };
    return { engine: 'deepl', exhausted: used >= limit, used, limit };
  } catch (e) {
    return {
      engine: 'deepl',
      error: (e as Error).name === 'TimeoutError' ? 'GET /v2/usage did not answer within 5 s' : 'cannot reach DeepL',
    };
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
 * A reader of the configured engines' quotas that asks their APIs at most every QUOTA_TTL_MS: an older answer is
 * returned at once while a new one is fetched, so a probe never waits on DeepL after the first call.
 */
export function createQuotaReader(config: EnginesConfig, ttlMs = QUOTA_TTL_MS): () => Promise<EngineQuota[]> {
  const checks = quotaChecks(config);
  let last: { at: number; value: EngineQuota[] } | undefined;
  let pending: Promise<EngineQuota[]> | undefined;
  const refresh = () =>
    (pending ??= Promise.all(checks.map((c) => c()))
      .then((value) => {
        last = { at: Date.now(), value };
        return value;
      })
      .finally(() => (pending = undefined)));
  return async () => {
    if (!checks.length) return [];
    if (!last) return refresh();
    if (Date.now() - last.at >= ttlMs) void refresh();
    return last.value;
  };
}
