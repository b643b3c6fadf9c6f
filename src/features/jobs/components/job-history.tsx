import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JobResponse } from '../../../../contract/jobs.ts';
import { toast } from '../../../components/toast/toast-store.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { describeError } from '../../../lib/error-text.ts';
import { getUploadWorker } from '../../../lib/worker.ts';
import { useJobsStore } from '../store.ts';
import { deleteJob, retryJob, RetryRefusedError } from '../api/jobs.api.ts';
import { JobRow } from './job-row.tsx';
import { watchFinishedJobs } from '../finish-notifier.ts';
import { PreviewDialog } from './preview-dialog.tsx';
import './jobs.css';
import { Icon } from '../../../components/icon.tsx';
import { filterJobs, hasTeamJobs, JOB_FILTER_LABELS, JOB_FILTERS, type JobFilter } from '../job-scope.ts';

/**
 * 'Recent Jobs' card: the history the worker polls, with Refresh, Preview, Download, Retry and Delete. A team
 * member's list holds the team's jobs and their own, with an All / Mine / Team filter (`userId`: the reader).
 */
export function JobHistory({ kind, userId }: { kind: 'media' | 'document'; userId?: string }) {
  const { t, i18n } = useLingui();
  const jobs = useJobsStore((s) => s.jobs);
  const loaded = useJobsStore((s) => s.loaded);
  const stale = useJobsStore((s) => s.stale);
  const refreshing = useJobsStore((s) => s.refreshing);
  const [preview, setPreview] = useState<JobResponse | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // Delete asks first (issue 15 item 9): the job and its files cannot be brought back.
  const [confirming, setConfirming] = useState<JobResponse | null>(null);
  useEffect(() => watchFinishedJobs(i18n), [i18n]);
  const [filter, setFilter] = useState<JobFilter>('all');
  const type = kind === 'media' ? 'video_translation' : 'document_translation';
  const inTeam = hasTeamJobs(jobs);
  const visible = filterJobs(
    jobs.filter((j) => j.job_type === type),
    inTeam ? filter : 'all',
    userId,
  );

  const refresh = () => {
    useJobsStore.getState().setRefreshing(true);
    void getUploadWorker().refreshJobs();
  };
  const onDelete = async (job: JobResponse) => {
    setConfirming(null);
    setBusy(job.id);
    try {
      await deleteJob(job.id);
      useJobsStore.getState().removeJob(job.id);
      toast({ title: t`Success`, description: t`Job deleted successfully.`, variant: 'success' });
      refresh();
    } catch (error) {
      toast({
        title: t`Error`,
        description:
          error instanceof ApiError
            ? describeError(error.info, i18n, t`Failed to delete job`)
            : t`An unexpected error occurred while deleting the job`,
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };
  const onRetry = async (job: JobResponse) => {
    setBusy(job.id);
    try {
      await retryJob(job);
      toast({ title: t`Success`, description: t`Job resubmitted successfully!`, variant: 'success' });
      refresh();
    } catch (error) {
      const description =
        error instanceof RetryRefusedError
          ? t`Unable to retry: missing job data`
          : error instanceof ApiError
            ? describeError(error.info, i18n, t`Failed to retry job`)
            : t`An unexpected error occurred while retrying`;
      toast({ title: t`Error`, description, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="card" aria-labelledby="recent-jobs" data-testid="recent-jobs">
      <div className="card-header row">
        <div className="grow">
          <h2 className="card-title" id="recent-jobs">
            <Trans>Recent Jobs</Trans>
          </h2>
          <p className="card-description">
            {stale && loaded ? (
              <Trans>Shown from this device: the server cannot be reached right now.</Trans>
            ) : (
              <Trans>Your translations, newest first. Updated every 30 seconds.</Trans>
            )}
          </p>
        </div>
        <button type="button" className="btn btn-outline btn-sm" onClick={refresh} disabled={refreshing}>
          {refreshing ? (
            <Spinner size="sm" />
          ) : (
            <Icon size={16}>
              <path d="M20 11a8 8 0 1 0-2.3 5.7M20 5v6h-6" />
            </Icon>
          )}
          <Trans>Refresh</Trans>
        </button>
      </div>
      <div className="card-body">
        {inTeam ? (
          <div className="job-filter" role="group" aria-label={t`Show jobs`} data-testid="job-filter">
            {JOB_FILTERS.map((f) => (
              <button
                key={f}
                type="button"
                className={`btn btn-sm ${filter === f ? 'btn-primary' : 'btn-outline'}`}
                aria-pressed={filter === f}
                onClick={() => setFilter(f)}
              >
                {i18n._(JOB_FILTER_LABELS[f])}
              </button>
            ))}
          </div>
        ) : null}
        {!loaded ? (
          <div className="center-screen small-center">
            <Spinner />
          </div>
        ) : visible.length === 0 ? (
          <div className="empty-state" data-testid="jobs-empty">
            <p>
              <strong>
                {jobs.length === 0 ? (
                  <Trans>No jobs yet</Trans>
                ) : inTeam && filter !== 'all' ? (
                  <Trans>No jobs here</Trans>
                ) : kind === 'document' ? (
                  <Trans>No document jobs yet</Trans>
                ) : (
                  <Trans>No video or audio jobs yet</Trans>
                )}
              </strong>
            </p>
            <p className="muted">
              {jobs.length === 0 ? (
                <Trans>Upload a file above and start processing: your jobs appear here.</Trans>
              ) : inTeam && filter !== 'all' ? (
                <Trans>Choose All to see every job.</Trans>
              ) : kind === 'document' ? (
                <Trans>Your video and audio jobs are on the Audio & Video tab.</Trans>
              ) : (
                <Trans>Your document jobs are on the Documents tab.</Trans>
              )}
            </p>
          </div>
        ) : (
          <ul className="job-list">
            {visible.map((job) => (
              <JobRow
                key={job.id}
                job={job}
                busy={busy === job.id}
                onPreview={setPreview}
                onRetry={(j) => void onRetry(j)}
                onDelete={setConfirming}
              />
            ))}
          </ul>
        )}
      </div>
      {preview ? <PreviewDialog job={preview} onClose={() => setPreview(null)} /> : null}
      <Dialog
        open={confirming !== null}
        role="alertdialog"
        onClose={() => setConfirming(null)}
        title={<Trans>Delete this job?</Trans>}
        description={
          <Trans>
            “{confirming?.original_filename || t`Untitled`}” and its files will be deleted. This cannot be undone.
          </Trans>
        }
        footer={
          <>
            <button type="button" className="btn btn-outline" onClick={() => setConfirming(null)}>
              <Trans>Cancel</Trans>
            </button>
            <button
              type="button"
              className="btn btn-destructive"
              onClick={() => confirming && void onDelete(confirming)}
              data-testid="confirm-delete"
            >
              <Trans>Delete</Trans>
            </button>
          </>
        }
      />
    </section>
  );
}
