/**
 * Fastify's `trustProxy` option from the TRUST_PROXY setting (config: false, a hop count, or proxy addresses/CIDR
 * ranges): which X-Forwarded-For entries are believed when Fastify sets `request.ip` (docs/operator.md).
 */
import type { AppConfig } from '../config/app.config.ts';

/** proxy-addr's test of a hop count: the `hops` nearest addresses are trusted proxies (`hop` 0 is the socket's peer). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The `trustProxy` option for Fastify() from `setting` (AppConfig['trustProxy']). */
export function fastifyTrustProxy(setting: AppConfig['trustProxy']) {
  return typeof setting === 'number' ? trustHops(setting) : setting;
}
