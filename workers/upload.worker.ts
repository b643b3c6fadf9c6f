/**
 * The Comlink web worker that does the network-heavy work (architecture.md): resumable uploads with real byte
 * progress, the offline submission queue and job polling. The page only renders what it reports (WorkerEvent).
 */
import * as Comlink from 'comlink';
import { configureApiClient } from '../src/lib/api-client.ts';
import type { SubmissionRequest, UploadKind } from '../src/lib/db.ts';
import * as db from '../src/lib/db.ts';
import { UploadManager } from './upload-manager.ts';
import { createTusTransport } from './tus-transport.ts';
import { createPutTransport } from './put-transport.ts';
import { SubmissionQueue } from './submission-queue.ts';
import { JobPoller } from './job-poller.ts';
import { keepErrorCodes } from './worker-errors.ts';
import type { SubmitPath, SubmitResult, UploadView, WorkerEvent, QueuedView } from './upload-types.ts';

let token: string | null = null;
let listener: ((event: WorkerEvent) => void) | null = null;
const emit = (event: WorkerEvent) => listener?.(event);

configureApiClient({ getToken: () => token, onUnauthorized: () => emit({ type: 'unauthorized' }) });
keepErrorCodes();

/** Keeps the file in IndexedDB only if it leaves a 20% margin of the origin's remaining quota. */
async function fitsInQuota(bytes: number): Promise<boolean> {
  if (!navigator.storage?.estimate) return false;
  const { quota = 0, usage = 0 } = await navigator.storage.estimate();
  return bytes * 1.2 < quota - usage;
}

const uploads = new UploadManager({
  fitsInQuota,
  createTransport: (kind, record, file, callbacks) =>
    kind === 'tus' ? createTusTransport(record, file, token, callbacks) : createPutTransport(record, file, callbacks),
  emit: (upload) => {
    emit({ type: 'upload', upload });
    if (upload.status === 'completed' || upload.status === 'failed') void queue.flush();
  },
  emitRemoved: (id) => emit({ type: 'upload-removed', id }),
});

const queue = new SubmissionQueue({
  emit: (event) => {
    emit(event);
    if (event.type === 'submitted') void poller.refresh();
  },
  fileUrlOf: async (ref) => {
    const record = await db.getUpload(ref);
    return record?.status === 'completed' ? record.fileUrl : undefined;
  },
  uploadErrorOf: async (ref) => {
    const record = await db.getUpload(ref);
    if (!record) return { code: 'UPLOAD_GONE', status: 0, details: {} };
    if (record.status !== 'failed') return undefined;
    return typeof record.error === 'object' ? record.error : { code: 'UPLOAD_FAILED', status: 0, details: {} };
  },
  onSent: (ref) => void uploads.remove(ref),
});

const poller = new JobPoller({
  emit,
  onReachable: () => void queue.flush(),
});

function online(): void {
  emit({ type: 'connection', online: true });
  void uploads.onOnline();
  void queue.flush();
  void poller.refresh();
}
self.addEventListener('online', online);
self.addEventListener('offline', () => emit({ type: 'connection', online: false }));
// Safety net when the browser does not tell the worker about connectivity: retry queued work every 15 s.
setInterval(() => void queue.flush(), 15_000);

const api = {
  /** Registers the page's listener and token; returns stored uploads (resuming those kept on the device). */
  async connect(
    nextToken: string | null,
    next: (event: WorkerEvent) => void,
  ): Promise<{ uploads: UploadView[]; queue: QueuedView[] }> {
    token = nextToken;
    listener = next;
    const restored = await uploads.restore();
    const queued = await queue.list();
    void queue.flush();
    return { uploads: restored, queue: queued };
  },
  setToken(nextToken: string | null): void {
    token = nextToken;
  },
  addUpload: (file: File, kind: UploadKind) => uploads.add(file, kind),
  resumeUpload: (id: string, file?: File) => uploads.resume(id, file),
  removeUpload: (id: string) => uploads.remove(id),
  submit: (endpoint: SubmitPath, body: SubmissionRequest, uploadRef?: string): Promise<SubmitResult> =>
    queue.submit(endpoint, body, uploadRef).then((result) => {
      if (result.state === 'sent') void poller.refresh();
      return result;
    }),
  cancelQueued: (id: string) => queue.cancel(id),
  /** The page heard `online` (workers are not always told): resume uploads, send the queue, read the jobs. */
  networkBack: () => online(),
  flushQueue: () => queue.flush(),
  startPolling: () => poller.start(),
  stopPolling: () => poller.stop(),
  refreshJobs: () => poller.refresh(),
  setVisible: (visible: boolean) => poller.setVisible(visible),
  /** Sign-out: stop everything and forget what was kept for the account (uploads, queue, cached jobs). */
  async signOut(): Promise<void> {
    token = null;
    poller.stop();
    await uploads.dispose();
    await poller.clear();
    await db.clearAccountData();
  },
};

export type UploadWorkerApi = typeof api;
Comlink.expose(api);
