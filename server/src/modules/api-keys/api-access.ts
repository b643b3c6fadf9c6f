/** Which plans include API access (plan catalog `apiAccess`; built in: Pro and Business). */
import type { BillingConfig } from '../../config/billing.config.ts';
import type { DbOrTx } from '../../db/database.ts';
import { currentPlanOf } from '../billing/current-plan.ts';
import { loadPlanCatalog } from '../billing/plan-catalog.ts';

const cache = new WeakMap<BillingConfig, (planId: string) => boolean>();

/**
 * `(planId) => boolean` for the catalog of `config` (loaded once per configuration).
 * @throws PlanCatalogError when the catalog is not valid
 */
export function apiAccessRule(config: BillingConfig): (planId: string) => boolean {
  let rule = cache.get(config);
  if (!rule) {
    const catalog = loadPlanCatalog(config);
    rule = (planId) => catalog.byName(planId)?.apiAccess ?? false;
    cache.set(config, rule);
  }
  return rule;
}

/** Whether the user's current plan includes API access. */
export async function userHasApiAccess(db: DbOrTx, config: BillingConfig, userId: string): Promise<boolean> {
  return apiAccessRule(config)(await currentPlanOf(db, userId));
}
