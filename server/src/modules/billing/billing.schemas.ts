/** Request bodies of the billing routes (valibot), beside their endpoints. */
import * as v from 'valibot';

/** POST /v1/billing/create-checkout-session. A missing or null price_id (the Free card) is answered 400 PLAN_NOT_AVAILABLE. */
export const CreateCheckoutRequest = v.object({
  price_id: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(200)))),
  plan_name: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(100)))),
});
export type CreateCheckoutRequest = v.InferOutput<typeof CreateCheckoutRequest>;

/** POST /v1/billing/test-checkout/confirm */
export const ConfirmTestCheckoutRequest = v.object({
  session_id: v.pipe(v.string('session_id is required'), v.trim(), v.minLength(1, 'session_id is required'), v.maxLength(2000)),
});
export type ConfirmTestCheckoutRequest = v.InferOutput<typeof ConfirmTestCheckoutRequest>;
