import { useLingui } from '@lingui/react/macro';
import type { JobStatus } from '../../../../contract/jobs.ts';
import { STATUS_BADGES } from '../labels.ts';

/** queued outline, processing blue, completed green, failed destructive (spec section 4). */
export function StatusBadge({ status }: { status: JobStatus }) {
  const { i18n } = useLingui();
  const badge = STATUS_BADGES[status];
  return (
    <span className={`badge ${badge.className}`} data-testid="job-status" data-status={status}>
      {i18n._(badge.label)}
    </span>
  );
}
