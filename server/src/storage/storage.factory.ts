/** Builds the configured file storage (STORAGE=local | s3). */
import type { AppConfig } from '../config/app.config.ts';
import type { FileStorage } from './file-storage.ts';
import { createLocalStorage } from './local.storage.ts';
import { createS3Storage } from './s3.storage.ts';

/** @param publicUrl read at URL-building time (tests learn the port after listening). */
export function createStorage(cfg: AppConfig['storage'], secret: string, publicUrl: () => string): FileStorage {
  if (cfg.kind === 's3') return createS3Storage(cfg);
  return createLocalStorage({ dir: cfg.dir, secret, publicUrl, defaultTtlSeconds: cfg.signedUrlTtlSeconds });
}
