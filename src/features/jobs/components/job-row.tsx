import { useState } from 'react';
import { starterOf } from '../../../lib/team-starter.ts';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { Link } from 'wouter';
import type { JobResponse } from '../../../../contract/jobs.ts';
import { ProgressBar } from '../../../components/progress-bar.tsx';
import { languageLabel } from '../../../config/languages.ts';
import { describeCode } from '../../../lib/error-text.ts';
import { formatDate, formatList } from '../../../lib/format.ts';
import { creditsLabel } from '../../../lib/price-text.ts';
import { JOB_KIND_LABELS, jobKindOf, noteText, settledSource, STAGE_LABELS } from '../labels.ts';
import { StatusBadge } from './status-badge.tsx';
import { DownloadMenu } from './download-menu.tsx';
import { TranscriptDialog } from './transcript-dialog.tsx';
import { Icon } from '../../../components/icon.tsx';

interface JobRowProps {
  job: JobResponse;
  busy: boolean;
  onPreview: (job: JobResponse) => void;
  onRetry: (job: JobResponse) => void;
  onDelete: (job: JobResponse) => void;
}

/** Shown for a failed job that has no error code (rows written before codes existed). */
const JOB_FAILED = msg`This job could not be completed.`;

/**
 * One job of the history (spec section 2): name, type, languages, credits, date, progress and stage while it
 * runs, its notes, the reason of a failure (by `error_code`, in the user's language), and its actions (a finished
 * media job also shows its source transcript).
 */
export function JobRow({ job, busy, onPreview, onRetry, onDelete }: JobRowProps) {
  const { t, i18n } = useLingui();
  const lang = (code: string) => languageLabel(code, i18n);
  const running = job.status === 'processing' || job.status === 'queued';
  const [transcript, setTranscript] = useState(false);
  return (
    <li className="job-row" data-testid="job-row" data-job-id={job.id} data-status={job.status}>
      <div className="job-main">
        <p className="job-name" title={job.original_filename}>
          {job.original_filename || t`Untitled`}
        </p>
        <p className="job-meta">
          <span data-testid="job-kind">{i18n._(JOB_KIND_LABELS[jobKindOf(job)])}</span>
          <span aria-hidden="true">·</span>
          <span>
            {lang(settledSource(job))} <span className="dir-arrow">→</span>{' '}
            {formatList(job.target_languages.map(lang), i18n.locale)}
          </span>
          <span aria-hidden="true">·</span>
          <span>{creditsLabel(job.credits_used ?? 0, i18n)}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={job.created_at}>{formatDate(job.created_at, i18n.locale)}</time>
          {job.started_by ? (
            <>
              <span aria-hidden="true">·</span>
              <span data-testid="job-started-by">
                <Trans>
                  Started by <bdi>{starterOf(job.started_by)}</bdi>
                </Trans>
              </span>
            </>
          ) : null}
        </p>
        {running ? (
          <div className="job-progress">
            <ProgressBar value={job.progress} label={t`Job progress`} />
            <span className="small muted" data-testid="job-stage" data-stage={job.stage ?? ''}>
              {job.status === 'processing' ? (
                <Trans>Processing... {Math.round(job.progress)}%</Trans>
              ) : (
                <Trans>Waiting in queue</Trans>
              )}
              {job.stage ? ` · ${i18n._(STAGE_LABELS[job.stage])}` : ''}
            </span>
          </div>
        ) : null}
        {job.notes.length > 0 ? (
          <ul className="job-notes" data-testid="job-notes">
            {job.notes.map((note) => (
              <li key={note.code} data-note={note.code}>
                {noteText(note, i18n)}
              </li>
            ))}
          </ul>
        ) : null}
        {job.status === 'failed' ? (
          <p className="job-error" role="note" data-testid="job-error" data-code={job.error_code ?? ''}>
            {job.error_code ? describeCode(job.error_code, i18n) : i18n._(JOB_FAILED)}
          </p>
        ) : null}
      </div>
      <div className="job-side">
        <StatusBadge status={job.status} />
        {job.status === 'completed' && job.to_review ? (
          // The quality check's count (issue 37): the editor is where those cues are reviewed.
          <Link
            href={`/jobs/${encodeURIComponent(job.id)}/edit`}
            className="badge badge-amber"
            data-testid="to-review"
            data-count={job.to_review}
          >
            <Plural value={job.to_review} one="# to review" other="# to review" />
          </Link>
        ) : null}
        <div className="job-actions">
          {job.status === 'completed' && job.job_type === 'video_translation' ? (
            <button type="button" className="btn btn-outline btn-sm" onClick={() => onPreview(job)}>
              <Trans>Preview</Trans>
            </button>
          ) : null}
          {job.status === 'completed' && job.job_type === 'video_translation' ? (
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => setTranscript(true)}
              data-testid="show-transcript"
            >
              <Trans>Transcript</Trans>
            </button>
          ) : null}
          {job.status === 'completed' && job.job_type === 'video_translation' ? (
            <Link
              href={`/jobs/${encodeURIComponent(job.id)}/edit`}
              className="btn btn-outline btn-sm"
              data-testid="edit-job"
            >
              <Trans>Edit</Trans>
            </Link>
          ) : null}
          {job.status === 'completed' ? <DownloadMenu job={job} /> : null}
          {job.status === 'failed' ? (
            <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => onRetry(job)}>
              <Trans>Retry</Trans>
            </button>
          ) : null}
          <button
            type="button"
            className="btn btn-ghost btn-sm icon-danger"
            disabled={busy}
            onClick={() => onDelete(job)}
            aria-label={t`Delete job ${job.original_filename || job.id}`}
          >
            <Icon size={16}>
              <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
            </Icon>
            <span className="visually-hidden">
              <Trans>Delete</Trans>
            </span>
          </button>
        </div>
      </div>
      {transcript ? <TranscriptDialog job={job} onClose={() => setTranscript(false)} /> : null}
    </li>
  );
}
