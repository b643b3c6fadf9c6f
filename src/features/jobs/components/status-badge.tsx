import { useLingui } from '@lingui/react/macro';
import type { JobStatus } from '../../../lib/api-types.ts';

/** queued outline, processing blue, completed green, failed destructive, anything else as it is (spec section 4). */
export function StatusBadge({ status }: { status: JobStatus }) {
  const { t } = useLingui();
  const map: Record<string, [string, string]> = {
    queued: ['badge-outline', t`Queued`],
    processing: ['badge-blue', t`Processing`],
    completed: ['badge-green', t`Completed`],
    failed: ['badge-red', t`Failed`],
    canceled: ['badge-outline', t`Canceled`],
  };
  const [cls, label] = map[status] ?? ['badge', status];
  return <span className={`badge ${cls}`} data-testid="job-status" data-status={status}>{label}</span>;
}
