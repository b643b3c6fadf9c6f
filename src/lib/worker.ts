/**
 * The one Comlink wrapper: starts the upload worker once (lazily, only the studio needs it) and hands out its
 * typed remote API. Listener callbacks cross the boundary through `proxy`.
 */
import * as Comlink from 'comlink';
import type { UploadWorkerApi } from '../../workers/upload.worker.ts';

export type { UploadView, WorkerEvent, QueuedView, SubmitResult } from '../../workers/upload-types.ts';
export type UploadWorker = Comlink.Remote<UploadWorkerApi>;

let remote: UploadWorker | null = null;

/** The shared upload worker (created on first use). */
export function getUploadWorker(): UploadWorker {
  if (!remote) {
    const worker = new Worker(new URL('../../workers/upload.worker.ts', import.meta.url), {
      type: 'module',
      name: 'tarjama-upload',
    });
    remote = Comlink.wrap<UploadWorkerApi>(worker);
  }
  return remote;
}

/** Whether the worker was started in this page (sign-out only talks to a running worker). */
export function isUploadWorkerRunning(): boolean {
  return remote !== null;
}

/** Wraps a page callback so the worker can call it. */
export function proxy<T extends object>(fn: T): T & Comlink.ProxyMarked {
  return Comlink.proxy(fn);
}
