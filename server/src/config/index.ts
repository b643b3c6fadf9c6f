/**
 * The one place that reads process.env. Every setting of every section is validated at once at start-up;
 * a wrong or missing setting throws ConfigError whose message names each variable and what is wrong with it.
 */
import * as v from 'valibot';
import { appEnv, checkAppEnv, toAppConfig, type AppConfig } from './app.config.ts';
import { enginesEnv, checkEnginesEnv, toEnginesConfig, type EnginesConfig } from './engines.config.ts';
import { billingEnv, checkBillingEnv, toBillingConfig, type BillingConfig } from './billing.config.ts';
import { apiEnv, toApiConfig, type ApiConfig } from './api.config.ts';

export interface Config {
  app: AppConfig;
  engines: EnginesConfig;
  billing: BillingConfig;
  /** API keys and webhooks (issue 23). */
  api: ApiConfig;
}

const EnvSchema = v.looseObject({ ...appEnv, ...enginesEnv, ...billingEnv, ...apiEnv });

/** Thrown when the environment holds a wrong or missing setting; `problems` has one line per variable. */
export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Validates `env` (defaults to process.env) and returns the typed configuration.
 * @throws ConfigError listing every problem at once.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = v.safeParse(EnvSchema, env);
  if (!result.success) {
    const problems = result.issues.map((issue) => {
      const key = issue.path?.map((p) => String(p.key)).join('.') ?? '(environment)';
      return `${key}: ${issue.message} (got ${JSON.stringify(issue.input)})`;
    });
    throw new ConfigError(problems);
  }
  const e = result.output;
  const problems = [...checkAppEnv(e), ...checkEnginesEnv(e), ...checkBillingEnv(e)];
  if (problems.length) throw new ConfigError(problems);
  return { app: toAppConfig(e), engines: toEnginesConfig(e), billing: toBillingConfig(e), api: toApiConfig(e) };
}
