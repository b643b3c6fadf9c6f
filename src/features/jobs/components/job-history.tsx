import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../components/toast/toast-store.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { ProgressBar } from '../../../components/progress-bar.tsx';
import { HISTORY_LANGUAGE_NAMES } from '../../../config/constants.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatCredits, formatDate } from '../../../lib/format.ts';
import { getUploadWorker } from '../../../lib/worker.ts';
import type { Job } from '../../../lib/api-types.ts';
import { useJobsStore } from '../store.ts';
import { deleteJob, retryJob, RetryRefusedError } from '../api/jobs.api.ts';
import { StatusBadge } from './status-badge.tsx';
import { DownloadMenu } from './download-menu.tsx';
import { PreviewDialog } from './preview-dialog.tsx';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import './jobs.css';

/** Pipeline stages the media worker reports (server/src/media/progress.ts); unknown ones are shown raw. */
const STAGES: Record<string, MessageDescriptor> = {
  starting: msg`Starting`,
  probe: msg`Reading the media`,
  transcribe: msg`Recognising speech`,
  cues: msg`Cutting subtitles`,
  translate: msg`Translating`,
  subtitles: msg`Writing subtitles`,
  voice_over: msg`Synthesising the voice-over`,
  finalize: msg`Finishing`,
  retrying: msg`Retrying`,
};

/** 'Recent Jobs' card: the history the worker polls, with Refresh, Preview, Download, Retry and Delete. */
export function JobHistory({ kind }: { kind: 'media' | 'document' }) {
  const { t, i18n } = useLingui();
  const jobs = useJobsStore((s) => s.jobs);
  const loaded = useJobsStore((s) => s.loaded);
  const stale = useJobsStore((s) => s.stale);
  const refreshing = useJobsStore((s) => s.refreshing);
  const [preview, setPreview] = useState<Job | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const type = kind === 'media' ? 'video_translation' : 'document_translation';
  const visible = jobs.filter((j) => j.job_type === type);

  const refresh = () => {
    useJobsStore.getState().setRefreshing(true);
    void getUploadWorker().refreshJobs();
  };
  const onDelete = async (job: Job) => {
    setBusy(job.id);
    try {
      await deleteJob(job.id);
      useJobsStore.getState().removeJob(job.id);
      toast({ title: t`Success`, description: t`Job deleted successfully.`, variant: 'success' });
      refresh();
    } catch (error) {
      toast({ title: t`Error`, description: error instanceof ApiError ? error.message || t`Failed to delete job` : t`An unexpected error occurred while deleting the job`, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };
  const onRetry = async (job: Job) => {
    setBusy(job.id);
    try {
      await retryJob(job);
      toast({ title: t`Success`, description: t`Job resubmitted successfully!`, variant: 'success' });
      refresh();
    } catch (error) {
      const description =
        error instanceof RetryRefusedError ? t`Unable to retry: missing job data` : error instanceof ApiError ? error.message || t`Failed to retry job` : t`An unexpected error occurred while retrying`;
      toast({ title: t`Error`, description, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };
  const langName = (code: string) => (HISTORY_LANGUAGE_NAMES[code] ? i18n._(HISTORY_LANGUAGE_NAMES[code]) : code);

  return (
    <section className="card" aria-labelledby="recent-jobs" data-testid="recent-jobs">
      <div className="card-header row">
        <div className="grow">
          <h2 className="card-title" id="recent-jobs"><Trans>Recent Jobs</Trans></h2>
          <p className="card-description">
            {stale && loaded ? <Trans>Shown from this device: the server cannot be reached right now.</Trans> : <Trans>Your translations, newest first. Updated every 30 seconds.</Trans>}
          </p>
        </div>
        <button type="button" className="btn btn-outline btn-sm" onClick={refresh} disabled={refreshing}>
          {refreshing ? <Spinner size="sm" /> : <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2"><path d="M20 11a8 8 0 1 0-2.3 5.7M20 5v6h-6" /></svg>}
          <Trans>Refresh</Trans>
        </button>
      </div>
      <div className="card-body">
        {!loaded ? (
          <div className="center-screen small-center"><Spinner /></div>
        ) : visible.length === 0 ? (
          <div className="empty-state">
            <p><strong><Trans>No jobs yet</Trans></strong></p>
            <p className="muted"><Trans>Upload a file above and start processing: your jobs appear here.</Trans></p>
          </div>
        ) : (
          <ul className="job-list">
            {visible.map((job) => (
              <li key={job.id} className="job-row" data-testid="job-row" data-job-id={job.id} data-status={job.status}>
                <div className="job-main">
                  <p className="job-name" title={job.original_filename ?? ''}>{job.original_filename || t`Untitled`}</p>
                  <p className="job-meta">
                    <span>{job.job_type === 'video_translation' ? t`Video translation` : t`Document translation`}</span>
                    <span aria-hidden="true">·</span>
                    <span>{langName(job.source_language ?? 'auto')} → {job.target_languages.map(langName).join(', ')}</span>
                    <span aria-hidden="true">·</span>
                    <span><Trans>{formatCredits(job.credits_used, i18n.locale)} credits</Trans></span>
                    <span aria-hidden="true">·</span>
                    <time dateTime={job.created_at}>{formatDate(job.created_at, i18n.locale)}</time>
                  </p>
                  {job.status === 'processing' || job.status === 'queued' ? (
                    <div className="job-progress">
                      <ProgressBar value={job.progress ?? 0} label={t`Job progress`} />
                      <span className="small muted">
                        {job.status === 'processing' ? <Trans>Processing... {Math.round(job.progress ?? 0)}%</Trans> : <Trans>Waiting in queue</Trans>}
                        {job.stage ? ` · ${STAGES[job.stage] ? i18n._(STAGES[job.stage]) : job.stage}` : ''}
                      </span>
                    </div>
                  ) : null}
                  {job.status === 'failed' && job.error ? <p className="job-error" role="note">{job.error}</p> : null}
                </div>
                <div className="job-side">
                  <StatusBadge status={job.status} />
                  <div className="job-actions">
                    {job.status === 'completed' && job.job_type === 'video_translation' ? (
                      <button type="button" className="btn btn-outline btn-sm" onClick={() => setPreview(job)}><Trans>Preview</Trans></button>
                    ) : null}
                    {job.status === 'completed' ? <DownloadMenu job={job} /> : null}
                    {job.status === 'failed' ? (
                      <button type="button" className="btn btn-outline btn-sm" disabled={busy === job.id} onClick={() => void onRetry(job)}><Trans>Retry</Trans></button>
                    ) : null}
                    <button type="button" className="btn btn-ghost btn-sm icon-danger" disabled={busy === job.id} onClick={() => void onDelete(job)} aria-label={t`Delete job ${job.original_filename ?? job.id}`}>
                      <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2"><path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" /></svg>
                      <span className="visually-hidden"><Trans>Delete</Trans></span>
                    </button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      {preview ? <PreviewDialog job={preview} onClose={() => setPreview(null)} /> : null}
    </section>
  );
}
