/**
 * Artifacts: what each pipeline stage produced, stored with the job so a retried job resumes after its last
 * finished stage and the editor (server/src/modules/tracks) can re-render and re-dub without running the
 * recogniser or the translator again. Names are relative POSIX paths such as `transcript.json`,
 * `translation/es.json`, `clips/<sha256>.wav`.
 * Three stores: one over the file-storage adapter (local folder or S3; jobs), one in memory (benchmarks), one in a
 * run's folder (the CLI's pipeline run: files on disk, JSON in memory).
 */
import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from '../storage/file-storage.ts';

export interface ArtifactStore {
  /** The JSON artifact `name`, or null when it was never saved. */
  readJson<T>(name: string): Promise<T | null>;
  /** Saves (replaces) a JSON artifact. */
  writeJson(name: string, value: unknown): Promise<void>;
  /** Copies the file artifact `name` to `localPath`; false when there is none. */
  fetchFile(name: string, localPath: string): Promise<boolean>;
  /** Saves a copy of the local file as the artifact `name` (the local file stays). */
  saveFile(name: string, localPath: string): Promise<void>;
}

/** Artifacts kept in memory for the run only (the CLI and the benchmark: nothing to resume). */
export function memoryArtifacts(): ArtifactStore {
  const json = new Map<string, string>();
  const files = new Map<string, Buffer>();
  return {
    async readJson<T>(name: string) {
      const s = json.get(name);
      return s === undefined ? null : (JSON.parse(s) as T);
    },
    async writeJson(name, value) {
      json.set(name, JSON.stringify(value));
    },
    async fetchFile(name, localPath) {
      const b = files.get(name);
      if (!b) return false;
      await fsp.writeFile(localPath, b);
      return true;
    },
    async saveFile(name, localPath) {
      files.set(name, await fsp.readFile(localPath));
    },
  };
}

/**
 * Artifacts for the run only in the folder `dir` (created on first save; the caller removes it): JSON in memory,
 * files as files, so the clips of a long dub stay on disk, not in memory (the CLI's pipeline run).
 */
export function folderArtifacts(dir: string): ArtifactStore {
  const json = memoryArtifacts();
  const file = (name: string) => path.join(dir, ...name.split('/'));
  return {
    readJson: (name) => json.readJson(name),
    writeJson: (name, value) => json.writeJson(name, value),
    async fetchFile(name, localPath) {
      try {
        await fsp.copyFile(file(name), localPath);
        return true;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw e;
      }
    },
    async saveFile(name, localPath) {
      await fsp.mkdir(path.dirname(file(name)), { recursive: true });
      await fsp.copyFile(localPath, file(name));
    },
  };
}

/**
 * Artifacts under `prefix` (e.g. `artifacts/<userId>/<jobId>`) in the file storage, so they survive the worker
 * and work with S3 alike. JSON goes through a temporary file in the OS temp folder, removed at once.
 */
export function storageArtifacts(storage: FileStorage, prefix: string): ArtifactStore {
  const key = (name: string) => `${prefix}/${name}`;
  const tempFile = () => path.join(os.tmpdir(), `tarjama-artifact-${crypto.randomBytes(6).toString('hex')}`);
  return {
    async readJson<T>(name: string) {
      if (!(await storage.stat(key(name)))) return null;
      const chunks: Buffer[] = [];
      for await (const c of await storage.read(key(name))) chunks.push(Buffer.from(c as Buffer));
      return JSON.parse(Buffer.concat(chunks).toString('utf8')) as T;
    },
    async writeJson(name, value) {
      const tmp = tempFile();
      try {
        await fsp.writeFile(tmp, JSON.stringify(value));
        await storage.putFile(key(name), tmp, { contentType: 'application/json', move: true });
      } finally {
        await fsp.rm(tmp, { force: true });
      }
    },
    async fetchFile(name, localPath) {
      if (!(await storage.stat(key(name)))) return false;
      await pipeline(await storage.read(key(name)), createWriteStream(localPath));
      return true;
    },
    async saveFile(name, localPath) {
      await storage.putFile(key(name), localPath, { contentType: 'application/octet-stream' });
    },
  };
}

/** Where a job's artifacts live in the file storage. */
export const jobArtifactPrefix = (userId: string, jobId: string) => `artifacts/${userId}/${jobId}`;
