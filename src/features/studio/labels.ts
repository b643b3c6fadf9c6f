/** Labels of the services (contract/jobs.ts `SERVICES`), as Records: a new service without a label fails the type check. */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Service } from '../../../contract/jobs.ts';

/** Names in the cost summary. */
export const SERVICE_LABELS: Record<Service, MessageDescriptor> = {
  subtitle: msg`Subtitles`,
  voice_over: msg`Voice-over`,
  burned_subtitles: msg`Subtitles in the video`,
  document: msg`Document translation`,
};

/** Names in the info cards (spec section 2: 'Subtitles', 'Voice Dubbing', documents' 'Cost'). */
export const INFO_LABELS: Record<Service, MessageDescriptor> = {
  subtitle: msg`Subtitles`,
  voice_over: msg`Voice Dubbing`,
  burned_subtitles: msg`Subtitles in the video`,
  document: msg`Cost`,
};
