/**
 * The billing service of an AppContext, built once per context (catalog loaded and validated, Stripe gateway in
 * Stripe mode) and shared by the routes and the 'billing.renew' job.
 */
import type { AppContext } from '../../context.ts';
import { createBillingService, type BillingService } from './billing.service.ts';
import { loadPlanCatalog } from './plan-catalog.ts';
import { createStripeGateway } from './stripe.gateway.ts';

const services = new WeakMap<AppContext, BillingService>();

/** @throws PlanCatalogError when the catalog (PLANS_FILE or built in) is not valid. */
export function billingOf(ctx: AppContext): BillingService {
  let service = services.get(ctx);
  if (!service) {
    const { billing } = ctx.config;
    service = createBillingService({
      db: ctx.db,
      config: billing,
      catalog: loadPlanCatalog(billing),
      stripe: billing.stripe ? createStripeGateway(billing.stripe) : undefined,
      secret: ctx.secret,
      publicUrl: () => ctx.config.app.publicUrl,
      logger: ctx.logger,
    });
    services.set(ctx, service);
  }
  return service;
}
