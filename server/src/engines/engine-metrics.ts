/**
 * Per-engine Prometheus families of this process (prom-client; merged into GET /metrics by metrics.routes.ts):
 * requests, errors by HTTP status, latency, units sent and estimated cost of every network engine try, labelled
 * by engine ('openai', 'deepl', 'libretranslate', 'elevenlabs') and stage ('speech', 'translation', 'voice',
 * 'speakers'). The month's totals of every process are kept in the database (engine-usage.ts) and read at scrape.
 */
import client from 'prom-client';

/** The registry of the engine families (one per process). */
export const engineMetricsRegistry = new client.Registry();

/** Tries sent to each engine (a retried call counts each try). */
export const engineRequests = new client.Counter({
  name: 'tarjama_engine_requests_total',
  help: 'Requests sent to a network engine (each try), by engine and stage',
  labelNames: ['engine', 'stage'] as const,
  registers: [engineMetricsRegistry],
});

/** Failed tries by HTTP status ('0': no answer: network failure or timeout). */
export const engineErrors = new client.Counter({
  name: 'tarjama_engine_errors_total',
  help: 'Failed requests to a network engine by HTTP status (0: no answer)',
  labelNames: ['engine', 'stage', 'status'] as const,
  registers: [engineMetricsRegistry],
});

/** Seconds from sending a try to its answer (or failure). */
export const engineLatency = new client.Histogram({
  name: 'tarjama_engine_request_duration_seconds',
  help: 'Seconds a network engine took to answer a request, by engine and stage',
  labelNames: ['engine', 'stage'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
  registers: [engineMetricsRegistry],
});

/** Units of answered requests: characters (translation, voice) or audio seconds (speech, speakers). */
export const engineUnits = new client.Counter({
  name: 'tarjama_engine_units_total',
  help: 'Units sent to a network engine in answered requests (characters, or audio seconds), by engine and stage',
  labelNames: ['engine', 'stage', 'unit'] as const,
  registers: [engineMetricsRegistry],
});

/** Estimated cost of the answered requests, USD, from the unit prices (spend.config.ts). */
export const engineCost = new client.Counter({
  name: 'tarjama_engine_cost_usd_total',
  help: 'Estimated cost in USD of the requests answered by a network engine (configured unit prices)',
  labelNames: ['engine', 'stage'] as const,
  registers: [engineMetricsRegistry],
});

/** Calls refused before sending because the engine's monthly spend cap was reached. */
export const engineCapRefusals = new client.Counter({
  name: 'tarjama_engine_spend_cap_refusals_total',
  help: 'Engine calls refused because the engine reached its monthly spend cap',
  labelNames: ['engine', 'stage'] as const,
  registers: [engineMetricsRegistry],
});

/** Usage rows that could not be written to the database (the call itself went on). */
export const engineUsageWriteErrors = new client.Counter({
  name: 'tarjama_engine_usage_write_errors_total',
  help: 'Engine usage records that could not be saved to the database',
  registers: [engineMetricsRegistry],
});

/** Calls that went to the next configured engine of the stage because the first failed (engine-fallback.ts). */
export const engineFallbacks = new client.Counter({
  name: 'tarjama_engine_fallbacks_total',
  help: 'Engine calls passed to the next configured engine of the stage after a failure, by stage, engines and failure kind',
  labelNames: ['stage', 'from', 'to', 'kind'] as const,
  registers: [engineMetricsRegistry],
});
