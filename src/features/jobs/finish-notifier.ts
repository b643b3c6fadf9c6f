/**
 * A browser notification when a job finishes while the app is in the background (issue 15 item 7; the Notification
 * API, no Web Push). On only after the user asked for it in Settings (kept on this device) and the browser allowed
 * it. Watches the jobs store: a job seen queued or processing that is now completed or failed is announced.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { JobResponse } from '../../../contract/jobs.ts';
import { useJobsStore } from './store.ts';

const PREF_KEY = 'tarjama.notify-finished';

/** Whether the user asked for notifications on this device (and the browser still allows them). */
export function browserNotificationsOn(): boolean {
  return (
    typeof Notification !== 'undefined' &&
    Notification.permission === 'granted' &&
    localStorage.getItem(PREF_KEY) === 'on'
  );
}

/**
 * Turns the notifications on (asking the browser's permission) or off.
 * @returns whether they are on afterwards (false when the browser refused or has no Notification API).
 */
export async function setBrowserNotifications(on: boolean): Promise<boolean> {
  if (!on || typeof Notification === 'undefined') {
    localStorage.removeItem(PREF_KEY);
    return false;
  }
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') {
    localStorage.removeItem(PREF_KEY);
    return false;
  }
  localStorage.setItem(PREF_KEY, 'on');
  return true;
}

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
