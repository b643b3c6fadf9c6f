/**
 * Storage failures as the API answers them (issue 14, finding 7): a read-only, full or unreachable store answers
 * 503 STORAGE_UNAVAILABLE with the product's sentence only — never the file system's message, which names
 * internal paths (the technical text goes to the log).
 */
import { AppError } from '../errors.ts';
import { StorageError } from './file-storage.ts';

/** System error codes that mean the store cannot take or give bytes right now. */
const UNAVAILABLE_CODES = new Set([
  'EROFS',
  'EACCES',
  'EPERM',
  'ENOSPC',
  'EDQUOT',
  'EIO',
  'EMFILE',
  'ENFILE',
  'ENOTCONN',
  'ENOTDIR',
]);

/**
 * AppError STORAGE_UNAVAILABLE (503, no detail) when `err` is a storage or file-system failure, STORAGE_ACCESS_DENIED
 * (503) when the bucket refuses this server's credentials, else null.
 */
export function storageFailure(err: unknown): AppError | null {
  if (err instanceof StorageError && err.code === 'IO') return new AppError('STORAGE_UNAVAILABLE');
  if (err instanceof StorageError && err.code === 'ACCESS_DENIED') return new AppError('STORAGE_ACCESS_DENIED');
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return new AppError('STORAGE_UNAVAILABLE');
  return null;
}
