import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ENDPOINTS } from '../../../../contract/endpoints.ts';
import type { JobResponse } from '../../../../contract/jobs.ts';
import type { TrackCue } from '../../../../contract/tracks.ts';
import { Dialog } from '../../../components/dialog.tsx';
import { languageLabel } from '../../../config/languages.ts';
import { ApiError, callApi } from '../../../lib/api-client.ts';
import { describeError } from '../../../lib/error-text.ts';

/** `83.4` seconds -> `1:23` (hours when there are any: `1:02:03`). */
function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

type Loaded = { cues: TrackCue[]; language: string } | { problem: string };

/**
 * The source transcript of a finished media job (issue 15 item 8): the source cues of GET /v1/jobs/{id}/tracks
 * (the latest saved revision, so editor fixes show), one paragraph per cue with its start time. The text keeps
 * its own direction (`dir="auto"`): an Arabic transcript reads right to left in the English UI and the reverse.
 */
export function TranscriptDialog({ job, onClose }: { job: JobResponse; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    callApi(ENDPOINTS.tracks, { params: { id: job.id }, signal: abort.signal }).then(
      (tracks) => setLoaded({ cues: tracks.source.cues, language: tracks.source.language }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        setLoaded({
          // A NetworkError is an ApiError too: "The server could not be reached. Check your connection."
          problem: error instanceof ApiError ? describeError(error.info, i18n) : t`The transcript could not be loaded.`,
        });
      },
    );
    return () => abort.abort();
  }, [job.id, i18n, t]);

  const name = job.original_filename || job.id;
  return (
    <Dialog open wide onClose={onClose} title={<Trans>Transcript: {name}</Trans>}>
      <div className="transcript stack" data-testid="transcript">
        {loaded === null ? (
          <p className="muted" role="status">
            <Trans>Loading the transcript...</Trans>
          </p>
        ) : 'problem' in loaded ? (
          <p className="job-error" role="alert" data-testid="transcript-problem">
            {loaded.problem}
          </p>
        ) : loaded.cues.length === 0 ? (
          <p className="muted">
            <Trans>No speech was found in this file.</Trans>
          </p>
        ) : (
          <>
            <p className="small muted">
              <Trans>Spoken language: {languageLabel(loaded.language, i18n)}</Trans>
            </p>
            <ol className="transcript-cues">
              {loaded.cues.map((cue) => (
                <li key={cue.id} className="transcript-cue">
                  <time className="transcript-time small muted" dir="ltr">
                    {clock(cue.start)}
                  </time>
                  <p dir="auto" className="transcript-text">
                    {cue.text}
                  </p>
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
      <div className="dialog-footer">
        <button type="button" className="btn btn-primary" onClick={onClose} aria-label={t`Close transcript`}>
          <Trans>Close</Trans>
        </button>
      </div>
    </Dialog>
  );
}
