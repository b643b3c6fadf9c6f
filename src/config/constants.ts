/** Business constants of the product (spec section 9) and the studio's language lists (spec section 3). */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** Studio languages (spec section 3): codes sent to the API and their translated names. */
export const STUDIO_LANGUAGES: ReadonlyArray<{ code: string; name: MessageDescriptor }> = [
  { code: 'en-gb', name: msg`English` },
  { code: 'es', name: msg`Spanish` },
  { code: 'fr', name: msg`French` },
  { code: 'de', name: msg`German` },
  { code: 'it', name: msg`Italian` },
  { code: 'pt', name: msg`Portuguese` },
  { code: 'ja', name: msg`Japanese` },
  { code: 'ko', name: msg`Korean` },
  { code: 'zh', name: msg`Chinese` },
  { code: 'ar', name: msg`Arabic` },
  { code: 'hi', name: msg`Hindi` },
];
export const AUTO_DETECT = { code: 'auto', name: msg`Auto-detect` };

/** Names shown in the job history (spec section 3); any other code is shown raw. */
export const HISTORY_LANGUAGE_NAMES: Record<string, MessageDescriptor> = {
  en: msg`English`,
  'en-gb': msg`English`,
  es: msg`Spanish`,
  fr: msg`French`,
  de: msg`German`,
  it: msg`Italian`,
  ja: msg`Japanese`,
  ko: msg`Korean`,
  zh: msg`Chinese`,
  pt: msg`Portuguese`,
  id: msg`Indonesian`,
  ar: msg`Arabic`,
  hi: msg`Hindi`,
  auto: msg`Auto-detect`,
};

/** Studio estimate (spec section 9): assumes 10 minutes of media and 500 words per document. */
export const ESTIMATE = {
  subtitlePerLanguage: 10,
  voiceOverPerLanguage: 30,
  documentPerLanguage: Math.ceil((500 / 100) * 0.5),
} as const;

/** Monthly allowances in credits by plan (spec section 9, reading A); an unknown plan uses Free's. */
export const PLAN_ALLOWANCES: Record<string, number> = { Free: 25, explorer: 400, pro: 1200, business: 3500 };
export function allowanceOf(plan: string | null | undefined): number {
  return PLAN_ALLOWANCES[plan ?? 'Free'] ?? PLAN_ALLOWANCES.Free;
}

/** Upload limits (spec sections 5 and 9), bytes. */
export const MAX_MEDIA_BYTES = 2 * 1024 * 1024 * 1024;
export const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;
export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Width under which the studio recommends a desktop browser (spec section 2), CSS px. */
export const MOBILE_BREAKPOINT_PX = 768;

/** Display names of the plans (spec section 9, reading A), compared by name case-insensitively. */
export const PLAN_TITLES: Record<string, MessageDescriptor> = {
  free: msg`Free`,
  explorer: msg`Explorer`,
  pro: msg`Pro`,
  business: msg`Business`,
};
