/**
 * The usage meter of the network engines (issue 26 item 6, issue 21 item 5). Every try of an engine call passes
 * through its `EngineMeter` (sdk-call.ts `callWithRetry`, http-client.ts `fetchWithRetry`): the try is counted on
 * the per-engine Prometheus families (engine-metrics.ts), and an answered try adds its units (characters for
 * translation and speech synthesis, audio seconds for recognition and diarization) and their estimated cost in USD
 * (unit prices: config/spend.config.ts) to the month's usage in a `UsageStore` (the database's engine_usage table,
 * shared by every process; in memory without one). Before a call, an engine whose month (UTC calendar month) of
 * estimated spend has reached its cap is refused with an EngineHttpError of kind `spend_cap`, a failure a retry
 * cannot fix: the translation fallback moves to the next engine, or the job fails with ENGINE_SPEND_CAP_REACHED and
 * its credits are given back.
 */
import type { MeteredEngine, MeteredStage, SpendConfig } from '../config/spend.config.ts';
import { DEFAULT_SPEND_CONFIG } from '../config/spend.config.ts';
import { EngineHttpError } from './engine-failure.ts';
import { addJobSpend } from './job-spend.ts';
import {
  engineCapRefusals,
  engineCost,
  engineErrors,
  engineLatency,
  engineRequests,
  engineUnits,
  engineUsageWriteErrors,
} from './engine-metrics.ts';

export type { MeteredEngine, MeteredStage } from '../config/spend.config.ts';

/** The unit of a stage's usage. */
export type UsageUnit = 'characters' | 'seconds';

/** One engine and stage's usage in one month (an addition when written, the month's total when read). */
export interface UsageRecord {
  /** UTC calendar month, 'YYYY-MM'. */
  month: string;
  engine: MeteredEngine;
  stage: MeteredStage;
  unit: UsageUnit;
  /** Characters or audio seconds sent in answered requests. */
  units: number;
  /** Estimated cost, USD. */
  costUsd: number;
}

/** Where the month's usage is kept (atomic additions; read by every process). */
export interface UsageStore {
  /** Adds `r.units` and `r.costUsd` to the row of (month, engine, stage), creating it. */
  add(r: UsageRecord): Promise<void>;
  /** The month's rows (every engine and stage). */
  month(month: string): Promise<UsageRecord[]>;
}

/** One engine's month of spend against its cap (GET /readyz, /healthz). */
export interface EngineSpend {
  engine: MeteredEngine;
  /** Estimated spend this UTC month, USD. */
  spentUsd: number;
  capUsd: number;
  /** True when the spend has reached the cap: the engine is refused until the month ends or the cap is raised. */
  reached: boolean;
}

/** What one try of an engine call did. */
export interface TryOutcome {
  /** HTTP status of the answer (0: none came). */
  status: number;
  /** Seconds from sending to the answer or failure. */
  seconds: number;
}

/** The meter of one engine's stage, given to its calls through the HTTP settings (`meter`). */
export interface EngineMeter {
  readonly engine: MeteredEngine;
  readonly stage: MeteredStage;
  /**
   * Refuses the call when the engine's month of estimated spend has reached its cap.
   * @throws EngineHttpError kind 'spend_cap' (status 0) naming the engine, its spend and the setting.
   */
  admit(): Promise<void>;
  /** Counts one try; an answered (2xx) try adds `units` (characters or audio seconds) to the month's usage. */
  observe(outcome: TryOutcome, units: number): Promise<void>;
}

/** The meters of every engine and the spend of the capped ones. */
export interface UsageMeter {
  of(engine: MeteredEngine, stage: MeteredStage): EngineMeter;
  /** The capped engines' spend this month (empty without caps). */
  spend(): Promise<EngineSpend[]>;
  /** The month's usage rows (GET /metrics). */
  usage(): Promise<UsageRecord[]>;
  readonly config: SpendConfig;
}

/** 'YYYY-MM' of `d` in UTC. */
export const utcMonth = (d: Date) => d.toISOString().slice(0, 7);

const UNITS: Record<MeteredStage, UsageUnit> = {
  translation: 'characters',
  voice: 'characters',
  speech: 'seconds',
  speakers: 'seconds',
  separation: 'seconds',
};

const CAP_SETTING: Record<MeteredEngine, string> = {
  openai: 'OPENAI_MONTHLY_SPEND_CAP_USD',
  deepl: 'DEEPL_MONTHLY_SPEND_CAP_USD',
  libretranslate: 'LIBRETRANSLATE_MONTHLY_SPEND_CAP_USD',
  elevenlabs: 'ELEVENLABS_MONTHLY_SPEND_CAP_USD',
};

/** A store in this process's memory (CLI, tests, engines built without a database). */
export function memoryUsageStore(): UsageStore {
  const rows = new Map<string, UsageRecord>();
  return {
    async add(r) {
      const key = `${r.month}|${r.engine}|${r.stage}`;
      const row = rows.get(key);
      if (row) {
        row.units += r.units;
        row.costUsd += r.costUsd;
      } else rows.set(key, { ...r });
    },
    async month(month) {
      return [...rows.values()].filter((r) => r.month === month).map((r) => ({ ...r }));
    },
  };
}

/** The month's estimated spend per engine, USD. */
function spentByEngine(rows: UsageRecord[]): Map<MeteredEngine, number> {
  const out = new Map<MeteredEngine, number>();
  for (const r of rows) out.set(r.engine, (out.get(r.engine) ?? 0) + r.costUsd);
  return out;
}

/**
 * Creates the meter over `store` with the prices and caps of `config`.
 * @param now the clock (the month is UTC's); injectable for tests.
 */
export function createUsageMeter(
  config: SpendConfig = DEFAULT_SPEND_CONFIG,
  store: UsageStore = memoryUsageStore(),
  now: () => Date = () => new Date(),
): UsageMeter {
  const usage = () => store.month(utcMonth(now()));
  return {
    config,
    usage,
    async spend() {
      const capped = Object.entries(config.capsUsd) as [MeteredEngine, number][];
      if (!capped.length) return [];
      const spent = spentByEngine(await usage());
      return capped.map(([engine, capUsd]) => {
        const spentUsd = spent.get(engine) ?? 0;
        return { engine, spentUsd, capUsd, reached: spentUsd >= capUsd };
      });
    },
    of(engine, stage) {
      const unit = UNITS[stage];
      const price = config.unitPricesUsd[`${engine}:${stage}`] ?? 0;
      const labels = { engine, stage };
      return {
        engine,
        stage,
        async admit() {
          const cap = config.capsUsd[engine];
          if (cap === undefined) return;
          const spent = spentByEngine(await usage()).get(engine) ?? 0;
          if (spent < cap) return;
          engineCapRefusals.inc(labels);
          throw new EngineHttpError(
            `${engine} ${stage}: this month's estimated spend (${spent.toFixed(4)} USD) has reached its cap of ${cap} USD (${CAP_SETTING[engine]})`,
            engine,
            0,
            'spend_cap',
          );
        },
        async observe({ status, seconds }, units) {
          engineRequests.inc(labels);
          engineLatency.observe(labels, seconds);
          if (status < 200 || status >= 300) {
            engineErrors.inc({ ...labels, status: String(status) });
            return;
          }
          if (!(units > 0)) return;
          const costUsd = units * price;
          engineUnits.inc({ ...labels, unit }, units);
          engineCost.inc(labels, costUsd);
          addJobSpend(engine, costUsd);
          // The call went through: a usage row that cannot be written is counted, never fails the engine's work.
          await store
            .add({ month: utcMonth(now()), engine, stage, unit, units, costUsd })
            .catch(() => engineUsageWriteErrors.inc());
        },
      };
    },
  };
}
