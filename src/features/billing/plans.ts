/**
 * Translated copy of the plan cards (spec section 9, reading A). Prices, price ids and allowances come from
 * GET /v1/plans; the words come from here so Arabic is complete. Unknown plans fall back to the API's text.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export interface PlanCopy {
  title: MessageDescriptor;
  description: MessageDescriptor;
  period: MessageDescriptor;
  features: MessageDescriptor[];
  limitations: MessageDescriptor[];
  button: MessageDescriptor;
}

export const PLAN_COPY: Record<string, PlanCopy> = {
  free: {
    title: msg`Free`,
    description: msg`Try Tarjama on short videos and documents.`,
    period: msg`one-time`,
    features: [
      msg`25 credits`,
      msg`Subtitles up to 25 minutes`,
      msg`Documents up to 12,500 characters`,
      msg`Standard queue`,
    ],
    limitations: [msg`No pay-as-you-go credits`],
    button: msg`Get Started`,
  },
  explorer: {
    title: msg`Explorer`,
    description: msg`For creators publishing every week.`,
    period: msg`/month`,
    features: [
      msg`400 credits per month`,
      msg`Subtitles 400 minutes`,
      msg`Voice-over 40 minutes`,
      msg`Documents 200,000 characters`,
      msg`SRT, VTT, DOCX and XLSX`,
      msg`25% credit rollover`,
      msg`E-mail support`,
    ],
    limitations: [],
    button: msg`Choose Explorer`,
  },
  pro: {
    title: msg`Pro`,
    description: msg`For teams dubbing at scale.`,
    period: msg`/month`,
    features: [
      msg`1,200 credits per month`,
      msg`Subtitles 1,200 minutes`,
      msg`Voice-over 120 minutes`,
      msg`Documents 600,000 characters`,
      msg`Standard voices, and Premium neural voices where the server has them`,
      msg`Manual and managed dual voice-over modes`,
      msg`33% credit rollover`,
      msg`Priority queue`,
      msg`API access and signed webhooks`,
    ],
    limitations: [],
    button: msg`Choose Pro`,
  },
  business: {
    title: msg`Business`,
    description: msg`For agencies and companies.`,
    period: msg`/month`,
    features: [
      msg`3,500 credits per month`,
      msg`Subtitles 4,000 minutes`,
      msg`Voice-over 400 minutes`,
      msg`Documents 2,000,000 characters`,
      msg`50% credit rollover`,
      msg`First-in-line queue`,
      msg`API access and signed webhooks`,
      msg`Team management: shared credits, jobs, API keys and webhooks`,
    ],
    limitations: [],
    // Self-service like the others: there is no sales team to contact (issue 38 item 4).
    button: msg`Choose Business`,
  },
};

export const MOST_POPULAR = msg`Most popular`;
export const PAYG = msg`Pay-as-you-go: {rate} per extra credit`;

/** The copy of a plan by its name ('Free', 'explorer', 'pro', 'business'), case-insensitive. */
export function copyOf(planName: string): PlanCopy | undefined {
  return PLAN_COPY[planName.toLowerCase()];
}
