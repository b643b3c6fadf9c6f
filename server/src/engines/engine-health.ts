/**
 * The health of every configured engine, for operators (GET /readyz's detail, GET /healthz's engines part; issue 21
 * item 5): each engine of each stage is asked `available()` (network engines: one cheap documented request, such as
 * OpenAI's GET /v1/models or DeepL's GET /v2/usage, 5 s at most; local engines: their program and model files), and
 * the answers are reused for HEALTH_TTL_MS so probes never hammer a vendor or start a process per request.
 */
import { ENGINE_SET_STAGES, type EngineSetStage } from '../../../contract/errors.ts';

/**
 * What a health check needs of one engine: its id, where it runs and its `available()` check. Every engine of the
 * registry's `EngineSet` (engine.registry.ts) has these; the registry passes its set in, so this file needs none of it.
 */
export interface CheckedEngine {
  id: string;
  kind: 'local' | 'network';
  available(): Promise<boolean>;
}

/** The engines of each stage to check (an `EngineSet`); a stage that is absent has none. */
export type CheckedEngines = Partial<Record<EngineSetStage, readonly CheckedEngine[]>>;

/** One configured engine of one stage as last checked. */
export interface EngineHealth {
  /** The engine id ('openai', 'deepl', 'pocketsphinx' ...). */
  engine: string;
  stage: EngineSetStage;
  /** 'local' runs on this machine, 'network' calls an HTTP API. */
  kind: 'local' | 'network';
  /** True when the engine's check answered: its server (or program and model) is usable now. */
  available: boolean;
  /** When the check ended. */
  checkedAt: Date;
  /** How long the check took, milliseconds (for a network engine: the round trip of its check request). */
  latencyMs: number;
}

/** How long an engine check is reused, milliseconds (a probe every few seconds asks each vendor twice a minute). */
export const HEALTH_TTL_MS = 30_000;

/** Checks every engine of `engines` once, all at once. Never throws: a check that throws is `available: false`. */
export async function checkEngines(engines: CheckedEngines): Promise<EngineHealth[]> {
  const checks = ENGINE_SET_STAGES.flatMap((stage) =>
    (engines[stage] ?? []).map(async (e): Promise<EngineHealth> => {
      const start = performance.now();
      const available = await e.available().catch(() => false);
      return {
        engine: e.id,
        stage,
        kind: e.kind,
        available,
        checkedAt: new Date(),
        latencyMs: Math.round(performance.now() - start),
      };
    }),
  );
  return Promise.all(checks);
}

/** How long an answer in which some engine was unavailable is reused, milliseconds: a check that failed once (a
 * vendor's blip, a check that ran past its 5 s on a loaded machine) is asked again soon rather than shown for 30 s. */
export const FAILED_HEALTH_TTL_MS = 5_000;

/**
 * A reader of the engines' health that checks them at most every `ttlMs` (`failedTtlMs` when some engine was
 * unavailable): the first call waits for the checks (each bounded by the engine's own 5 s timeout); later calls
 * answer the last result at once, and an older answer starts one new check in the background (never two at once),
 * so a probe never waits on a vendor.
 */
export function createHealthReader(
  engines: CheckedEngines,
  ttlMs = HEALTH_TTL_MS,
  failedTtlMs = FAILED_HEALTH_TTL_MS,
): () => Promise<EngineHealth[]> {
  let last: { at: number; value: EngineHealth[]; ttl: number } | undefined;
  let pending: Promise<EngineHealth[]> | undefined;
  const refresh = () =>
    (pending ??= checkEngines(engines)
      .then((value) => {
        last = { at: Date.now(), value, ttl: value.every((h) => h.available) ? ttlMs : Math.min(ttlMs, failedTtlMs) };
        return value;
      })
      .finally(() => (pending = undefined)));
  return async () => {
    if (!last) return refresh();
    if (Date.now() - last.at >= last.ttl) void refresh();
    return last.value;
  };
}
