/**
 * The one IndexedDB wrapper (idb), shared by the page and the upload worker.
 * Stores: `uploads` (resumable uploads and, when the quota allows, the file itself), `queue` (job submissions
 * waiting for the network), `tus` (tus-js-client's resume URLs by fingerprint) and `kv` (small cached reads such as
 * the last job list, so the studio has something to show offline).
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type * as v from 'valibot';
import type { ENDPOINTS } from '../../contract/endpoints.ts';
import type { DocumentJobRequest, TranslateJobRequest } from '../../contract/jobs.ts';
import type { ErrorInfo } from './api-error.ts';

/**
 * What an upload is for: the video tab's media, the Documents tab's document, or the user's own subtitles or
 * transcript for a video ('words', picked on the video tab; never the Documents tab's file, issue 22 item 8).
 */
export type UploadKind = 'media' | 'document' | 'words';

export type UploadStatus = 'pending' | 'uploading' | 'paused' | 'completed' | 'failed';

/** One upload as kept on the device. Sizes are bytes; times are epoch milliseconds. */
export interface UploadRecord {
  id: string;
  /** name|size|lastModified|type: recognises the same file picked again after a restart. */
  fingerprint: string;
  filename: string;
  contentType: string;
  sizeBytes: number;
  lastModified: number;
  status: UploadStatus;
  bytesSent: number;
  /** The file itself when it fit the browser's storage quota; otherwise the user picks it again. */
  blob?: Blob;
  uploadId?: string;
  uploadUrl?: string;
  fileUrl?: string;
  tusUrl?: string;
  /** tus upload resource (Location) once created. */
  tusLocation?: string;
  /** 'tus' (resumable) or 'put' (signed PUT fallback). */
  transport?: 'tus' | 'put';
  /** Why it is paused or failed (records kept by an older version may hold an English sentence instead). */
  error?: ErrorInfo | string;
  /** What it is for (see UploadKind). */
  kind: UploadKind;
  createdAt: number;
  updatedAt: number;
}

/**
 * The body of a job submission as kept on the device: the translate call's body, without `media_url` while its
 * upload runs, with the file's name as a local label for the queue list (the API does not take it).
 */
export type SubmissionRequest = (
  | Omit<v.InferInput<typeof TranslateJobRequest>, 'media_url'>
  | Omit<v.InferInput<typeof DocumentJobRequest>, 'media_url'>
) & { media_url?: string; original_filename?: string };

/** A job submission waiting for the server. `endpoint` is the path of the translate call it goes to. */
export interface QueuedSubmission {
  id: string;
  endpoint: (typeof ENDPOINTS)['translate' | 'translateDocument']['path'];
  request: SubmissionRequest;
  /** Upload whose file_url becomes `request.media_url` once it finishes (submitted before the upload ended). */
  uploadRef?: string;
  attempts: number;
  lastError?: ErrorInfo;
  createdAt: number;
}

export interface TusUrlRecord {
  key: string;
  fingerprint: string;
  upload: Record<string, unknown>;
}

interface TarjamaDB extends DBSchema {
  uploads: { key: string; value: UploadRecord; indexes: { byFingerprint: string } };
  queue: { key: string; value: QueuedSubmission };
  tus: { key: string; value: TusUrlRecord; indexes: { byFingerprint: string } };
  kv: { key: string; value: unknown };
}

export const DB_NAME = 'tarjama';
const DB_VERSION = 1;
let dbPromise: Promise<IDBPDatabase<TarjamaDB>> | null = null;

/** Opens (and on first use creates) the database. */
export function getDb(): Promise<IDBPDatabase<TarjamaDB>> {
  dbPromise ??= openDB<TarjamaDB>(DB_NAME, DB_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        // v1: first schema: uploads (with fingerprint index for re-picked files), queue, tus resume URLs, kv.
        const uploads = db.createObjectStore('uploads', { keyPath: 'id' });
        uploads.createIndex('byFingerprint', 'fingerprint');
        db.createObjectStore('queue', { keyPath: 'id' });
        const tus = db.createObjectStore('tus', { keyPath: 'key' });
        tus.createIndex('byFingerprint', 'fingerprint');
        db.createObjectStore('kv');
      }
    },
  });
  return dbPromise;
}

/** Closes the connection (tests delete the database between cases). */
export async function closeDb(): Promise<void> {
  if (dbPromise) (await dbPromise).close();
  dbPromise = null;
}

export async function putUpload(record: UploadRecord): Promise<void> {
  await (await getDb()).put('uploads', record);
}
export async function getUpload(id: string): Promise<UploadRecord | undefined> {
  return (await getDb()).get('uploads', id);
}
export async function findUploadByFingerprint(fingerprint: string): Promise<UploadRecord | undefined> {
  const all = await (await getDb()).getAllFromIndex('uploads', 'byFingerprint', fingerprint);
  return all.find((u) => u.status !== 'completed') ?? all[0];
}
export async function listUploads(): Promise<UploadRecord[]> {
  const all = await (await getDb()).getAll('uploads');
  return all.sort((a, b) => a.createdAt - b.createdAt);
}
export async function deleteUpload(id: string): Promise<void> {
  await (await getDb()).delete('uploads', id);
}

export async function putQueued(item: QueuedSubmission): Promise<void> {
  await (await getDb()).put('queue', item);
}
export async function listQueued(): Promise<QueuedSubmission[]> {
  const all = await (await getDb()).getAll('queue');
  return all.sort((a, b) => a.createdAt - b.createdAt);
}
export async function deleteQueued(id: string): Promise<void> {
  await (await getDb()).delete('queue', id);
}

export async function putTusUrl(record: TusUrlRecord): Promise<void> {
  await (await getDb()).put('tus', record);
}
export async function findTusUrls(fingerprint: string): Promise<TusUrlRecord[]> {
  return (await getDb()).getAllFromIndex('tus', 'byFingerprint', fingerprint);
}
export async function listTusUrls(): Promise<TusUrlRecord[]> {
  return (await getDb()).getAll('tus');
}
export async function deleteTusUrl(key: string): Promise<void> {
  await (await getDb()).delete('tus', key);
}

export async function kvGet<T>(key: string): Promise<T | undefined> {
  return (await (await getDb()).get('kv', key)) as T | undefined;
}
export async function kvSet(key: string, value: unknown): Promise<void> {
  await (await getDb()).put('kv', value, key);
}

/** Forgets everything kept for the signed-in account (sign-out): uploads, queued jobs, resume URLs, cached reads. */
export async function clearAccountData(): Promise<void> {
  const db = await getDb();
  const tx = db.transaction(['uploads', 'queue', 'tus', 'kv'], 'readwrite');
  await Promise.all([
    tx.objectStore('uploads').clear(),
    tx.objectStore('queue').clear(),
    tx.objectStore('tus').clear(),
    tx.objectStore('kv').clear(),
    tx.done,
  ]);
}
