/**
 * Temp folders of this deployment (issue 24 item 14): every temp folder the pipeline and the engines make in the
 * shared os.tmpdir() carries the deployment's id in its name, `tarjama-<kind>-<deployment>-XXXXXX`, so the start-up
 * sweep (leftover-sweep.ts) removes only folders this deployment created, never another process's or another
 * deployment's in-flight folder on the same machine. The id is a hash of the absolute DATA_DIR: stable across
 * restarts, shared by the processes of one deployment (which also share its database, whose running jobs the sweep
 * spares), different for another deployment.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

/** Kinds of temp folders: the media pipeline's and the Apertium engine's. */
export type TempKind = 'media' | 'apertium';
export const TEMP_KINDS: TempKind[] = ['media', 'apertium'];

/** 'default' until the context names the deployment (CLI runs, unit tests). */
let deployment = 'default';

/** The id of the deployment whose DATA_DIR is `dataDir` (12 hex digits of its SHA-256). */
export const deploymentIdOf = (dataDir: string) =>
  crypto.createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 12);

/** Names this process's temp folders after the deployment of `dataDir` (called when the context is created). */
export function useDeploymentTemp(dataDir: string): void {
  deployment = deploymentIdOf(dataDir);
}

/** The name start of this deployment's temp folders of `kind` (a folder name, no path). */
export const tempNamePrefix = (kind: TempKind, id = deployment) => `tarjama-${kind}-${id}-`;

/** The mkdtemp prefix of a new temp folder of `kind` in os.tmpdir(). */
export const tempFolderPrefix = (kind: TempKind) => path.join(os.tmpdir(), tempNamePrefix(kind));
