/**
 * Web-only constants of the product (spec sections 2 and 9). Languages are in ./languages.ts (from the contract),
 * prices, allowances and limits come from the contract and the server (GET /v1/plans).
 */
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { PlanName } from '../../contract/auth.ts';

/** Width under which the studio recommends a desktop browser (spec section 2), CSS px. */
export const MOBILE_BREAKPOINT_PX = 768;

/** Display names of the plans (spec section 9, reading A), by the contract's plan names lower-cased. */
export const PLAN_TITLES: Record<Lowercase<PlanName>, MessageDescriptor> = {
  free: msg`Free`,
  explorer: msg`Explorer`,
  pro: msg`Pro`,
  business: msg`Business`,
};

/** A plan's display name, compared by name case-insensitively; an unknown plan is shown as it is (spec section 3). */
export function planTitle(plan: string, i18n: I18n): string {
  const key = plan.toLowerCase();
  return Object.hasOwn(PLAN_TITLES, key) ? i18n._(PLAN_TITLES[key as keyof typeof PLAN_TITLES]) : plan;
}
