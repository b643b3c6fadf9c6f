/** The plan catalog file and the billing settings: operator replacement, validation, Stripe settings. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../../server/src/config/index.ts';
import { loadPlanCatalog, PlanCatalogError, toPlanCard } from '../../../server/src/modules/billing/plan-catalog.ts';

const builtIn = JSON.parse(
  fs.readFileSync(new URL('../../../server/src/modules/billing/plans.catalog.json', import.meta.url), 'utf8'),
);

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

function writeCatalog(content: unknown): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-catalog-'));
  made.push(dir);
  const file = path.join(dir, 'plans.json');
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('plan catalog', () => {
  it('is replaced by the operator file named in PLANS_FILE', () => {
    const custom = structuredClone(builtIn);
    custom.plans[2].priceCents = 5900;
    custom.plans[2].credits = 1500;
    const config = loadConfig({ PLANS_FILE: writeCatalog(custom) });
    const card = toPlanCard(loadPlanCatalog(config.billing).byName('pro')!);
    expect(card).toMatchObject({ price: '$59', credits: '1,500 credits', allowance: 1500, priceId: 'test_price_pro' });
  });

  it('names every problem of a bad catalog file', () => {
    const bad = structuredClone(builtIn);
    bad.plans = bad.plans.filter((p: any) => p.planName !== 'Free');
    bad.plans[0].rolloverPercent = 150;
    const config = loadConfig({ PLANS_FILE: writeCatalog(bad) });
    expect(() => loadPlanCatalog(config.billing)).toThrow(PlanCatalogError);
    expect(() => loadPlanCatalog(config.billing)).toThrow(/rolloverPercent[\s\S]*Free/);
    expect(() => loadPlanCatalog(loadConfig({ PLANS_FILE: writeCatalog('{not json') }).billing)).toThrow(
      /could not be read as JSON/,
    );
  });

  it('uses the STRIPE_PRICE_* ids in Stripe mode and gives Free none', () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_PRICE_PRO: 'price_123',
    });
    const catalog = loadPlanCatalog(config.billing);
    expect(catalog.byName('pro')!.priceId).toBe('price_123');
    expect(catalog.byName('explorer')!.priceId).toBeNull();
    expect(catalog.free.priceId).toBeNull();
    expect(catalog.byPriceId('price_123')!.planName).toBe('pro');
  });
});

describe('billing settings', () => {
  it('runs in test mode without a Stripe key', () => {
    expect(loadConfig({}).billing.mode).toBe('test');
  });

  it('refuses a Stripe key without a webhook secret, and a malformed key', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(/sk_/);
  });

  it('reads STRIPE_API_BASE as host, port and protocol for the SDK', () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_API_BASE: 'http://127.0.0.1:4242',
    });
    expect(config.billing.stripe!.api).toEqual({ host: '127.0.0.1', port: 4242, protocol: 'http' });
  });
});
