/**
 * A browser notification when a job finishes while the app is in the background (issue 15 item 7; the Notification
 * API, no Web Push). On only after the user asked for it in Settings (kept on this device) and the browser allowed
 * it (the preference: lib/browser-notifications.ts). Watches the jobs store: a job seen queued or processing that
 * is now completed or failed is announced.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { JobResponse } from '../../../contract/jobs.ts';
import { browserNotificationsOn } from '../../lib/browser-notifications.ts';
import { useJobsStore } from './store.ts';

const running = (job: JobResponse) => job.status === 'queued' || job.status === 'processing';

/** Starts watching the jobs store; returns the function that stops it. */
export function watchFinishedJobs(i18n: I18n): () => void {
  const seenRunning = new Set(
    useJobsStore
      .getState()
      .jobs.filter(running)
      .map((j) => j.id),
  );
  return useJobsStore.subscribe((state) => {
    for (const job of state.jobs) {
      if (running(job)) {
        seenRunning.add(job.id);
        continue;
      }
      if (!seenRunning.delete(job.id)) continue;
      if (document.visibilityState !== 'hidden' || !browserNotificationsOn()) continue;
      const name = job.original_filename || i18n._(msg`Untitled`);
      const title = job.status === 'completed' ? i18n._(msg`Your job is finished`) : i18n._(msg`Your job failed`);
      const note = new Notification(title, { body: name, tag: `job-${job.id}`, icon: '/icons/icon-192.png' });
      note.onclick = () => {
        window.focus();
        note.close();
      };
    }
  });
}
