/**
 * The jobs this process is running, so DELETE /v1/jobs/{id} can stop a local run at once. Runs in other
 * processes stop at their next progress write, which finds the row gone (job.repository updateProgress).
 */
const running = new Map<string, AbortController>();

/** Registers a run; call the returned function when it ends. */
export function registerRun(jobId: string, controller: AbortController): () => void {
  running.set(jobId, controller);
  return () => {
    if (running.get(jobId) === controller) running.delete(jobId);
  };
}

/** Aborts the local run of a job, if any. */
export function abortLocalRun(jobId: string): void {
  running.get(jobId)?.abort(new Error('The job was deleted.'));
}
