/**
 * The jobs this process is running, so DELETE /v1/jobs/{id} can stop a local run at once and a stopping worker
 * can drain them. Runs in other processes stop at their next progress write, which finds the row gone or taken
 * over (job.repository updateProgress).
 */
const running = new Map<string, { controller: AbortController; done: Promise<void> }>();

/** The abort reason of a run stopped because its worker is shutting down: the runner hands the job back. */
export class ShutdownError extends Error {
  constructor() {
    super('The worker is shutting down.');
    this.name = 'ShutdownError';
  }
}

/** Registers a run; call the returned function when it ends. */
export function registerRun(jobId: string, controller: AbortController): () => void {
  let finish!: () => void;
  const entry = { controller, done: new Promise<void>((r) => (finish = r)) };
  running.set(jobId, entry);
  return () => {
    if (running.get(jobId) === entry) running.delete(jobId);
    finish();
  };
}

/** Aborts the local run of a job, if any. */
export function abortLocalRun(jobId: string): void {
  running.get(jobId)?.controller.abort(new Error('The job was deleted.'));
}

/** Number of runs in this process. */
export function runningCount(): number {
  return running.size;
}

/**
 * Shutdown of the runs of this process: lets them finish for `graceMs` milliseconds, then aborts the rest with a
 * ShutdownError (their runner hands the job back to the queue) and waits for them to end, at most `handBackMs`.
 */
export async function drainRuns(graceMs: number, handBackMs = 1500): Promise<void> {
  const all = () => Promise.all([...running.values()].map((r) => r.done));
  const timeout = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());
  if (!running.size) return;
  await Promise.race([all(), timeout(graceMs)]);
  if (!running.size) return;
  for (const r of running.values()) r.controller.abort(new ShutdownError());
  await Promise.race([all(), timeout(handBackMs)]);
}
