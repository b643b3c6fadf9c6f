/**
 * The user's choice of a browser notification when a job finishes (issue 15 item 7; the Notification API, no Web
 * Push): asked for in Settings, kept on this device (localStorage), effective only while the browser allows it.
 * features/jobs/finish-notifier.ts reads it before announcing a job.
 */

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
