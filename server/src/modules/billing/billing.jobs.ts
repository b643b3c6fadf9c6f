/** The 'billing.renew' job (every 15 minutes): renews test-mode periods, re-reads Stripe for lapsed periods. */
import type { AppContext } from '../../context.ts';
import { billingOf } from './billing.context.ts';

export function billingJobs(ctx: AppContext): void {
  ctx.queue.handle('billing.renew', async () => {
    const count = await billingOf(ctx).renewDue(new Date());
    if (count) ctx.logger.info({ count }, 'billing renewals processed');
  });
}
