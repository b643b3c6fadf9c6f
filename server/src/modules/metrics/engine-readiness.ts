/**
 * GET /readyz's `engines` detail for operators (issue 21 item 5): every configured engine of every stage with its
 * last check (engine-health.ts, at most 30 s old), and for the engines that have one, DeepL's quota and the month's
 * estimated spend against the cap. Only the figures already gathered for /readyz are used: nothing more is asked.
 */
import type { EngineHealth, EngineQuota, EngineSpend } from '../../engines/engine.registry.ts';

/** One entry of `engines` as /readyz answers it (contract/endpoints.ts `ready`). */
export interface EngineReadiness {
  engine: string;
  stage: EngineHealth['stage'];
  kind: EngineHealth['kind'];
  /** The check answered (server reachable, key accepted; local: program and model present). */
  available: boolean;
  /** ISO 8601 time of the check. */
  checked_at: string;
  /** Milliseconds the check took. */
  latency_ms: number;
  /** DeepL's characters used and allowed in its billing period (`exhausted`: null when DeepL could not be asked). */
  quota?: { exhausted: boolean | null; used: number | null; limit: number | null; error?: string };
  /** The month's estimated spend of an engine with a cap (*_MONTHLY_SPEND_CAP_USD), USD. */
  spend?: { spent_usd: number; cap_usd: number; reached: boolean };
}

/** The `engines` detail from the engines' health, quotas and spend (`spend` undefined: the database did not answer). */
export function engineReadiness(
  health: readonly EngineHealth[],
  quotas: readonly EngineQuota[],
  spend: readonly EngineSpend[] | undefined,
): EngineReadiness[] {
  return health.map((h) => {
    const q = quotas.find((x) => x.engine === h.engine);
    const s = spend?.find((x) => x.engine === h.engine);
    return {
      engine: h.engine,
      stage: h.stage,
      kind: h.kind,
      available: h.available,
      checked_at: h.checkedAt.toISOString(),
      latency_ms: h.latencyMs,
      ...(q
        ? {
            quota: {
              exhausted: q.exhausted ?? null,
              used: q.used ?? null,
              limit: q.limit ?? null,
              ...(q.error ? { error: q.error } : {}),
            },
          }
        : {}),
      ...(s ? { spend: { spent_usd: Math.round(s.spentUsd * 1e6) / 1e6, cap_usd: s.capUsd, reached: s.reached } } : {}),
    };
  });
}
