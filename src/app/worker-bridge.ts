/**
 * Connects the upload worker to the stores while the studio is open: routes every WorkerEvent to the studio and
 * jobs stores, shows the toasts of submissions sent later, pauses polling while the tab is hidden.
 */
import { useEffect } from 'react';
import { t } from '@lingui/core/macro';
import { ENDPOINTS } from '../../contract/endpoints.ts';
import { describeError } from '../lib/error-text.ts';
import { i18n } from '../lib/i18n.ts';
import { navigate } from 'wouter/use-browser-location';
import { getUploadWorker, proxy, type WorkerEvent } from '../lib/worker.ts';
import { toast } from '../components/toast/toast-store.ts';
import { useStudioStore } from '../features/studio/store.ts';
import { useJobsStore } from '../features/jobs/store.ts';
import { useSessionStore } from '../lib/session-store.ts';

let lastErrorAt = 0;

function onEvent(event: WorkerEvent): void {
  const studio = useStudioStore.getState();
  const jobs = useJobsStore.getState();
  switch (event.type) {
    case 'upload':
      studio.upsertUpload(event.upload);
      break;
    case 'upload-removed':
      studio.removeUpload(event.id);
      break;
    case 'queue':
      studio.setQueue(event.items);
      break;
    case 'jobs':
      jobs.setJobs(event.jobs, event.fromCache, event.fetchedAt);
      if (!event.fromCache) studio.setOnline(true);
      break;
    case 'jobs-error':
      jobs.markStale();
      if (event.offline) studio.setOnline(false);
      else if (Date.now() - lastErrorAt > 60_000) {
        lastErrorAt = Date.now();
        toast({
          title: t`Error`,
          description: describeError(event.error, i18n, t`Failed to fetch job history`),
          variant: 'destructive',
        });
      }
      break;
    case 'submitted':
      toast({
        title: t`Job Submitted Successfully!`,
        description: t`Your translation job has been queued for processing.`,
        variant: 'success',
      });
      void useSessionStore.getState().refreshUser();
      break;
    case 'submit-failed':
      toast({
        title: t`Submission Failed`,
        description: describeError(
          event.error,
          i18n,
          event.endpoint === ENDPOINTS.translateDocument.path
            ? t`Failed to start document translation job`
            : t`Failed to start translation job`,
        ),
        variant: 'destructive',
      });
      break;
    case 'connection':
      studio.setOnline(event.online);
      break;
    case 'unauthorized':
      useSessionStore.getState().clear();
      navigate('/auth', { replace: true });
      break;
  }
}

/** Starts the worker for a signed-in user; stops polling when the studio unmounts. */
export function useUploadWorker(token: string | null): void {
  useEffect(() => {
    if (!token) return;
    const worker = getUploadWorker();
    let cancelled = false;
    void worker.connect(token, proxy(onEvent)).then(({ uploads, queue }) => {
      if (cancelled) return;
      useStudioStore.getState().setUploads(uploads);
      useStudioStore.getState().setQueue(queue);
      void worker.setVisible(document.visibilityState === 'visible');
      void worker.startPolling();
    });
    const onVisibility = () => void worker.setVisible(document.visibilityState === 'visible');
    const onOnline = () => {
      useStudioStore.getState().setOnline(true);
      void worker.networkBack();
    };
    const onOffline = () => useStudioStore.getState().setOnline(false);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      cancelled = true;
      void worker.stopPolling();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  }, [token]);
}
