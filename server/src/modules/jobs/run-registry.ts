/**
 * The jobs this process is running, so DELETE /v1/jobs/{id} can stop a local run at once and a stopping worker
 * can drain them. Runs in other processes stop at their next progress write, which finds the row gone or taken
 * over (job.repository updateProgress). One registry per process, in the app context (AppContext.runs).
 */

/** The abort reason of a run stopped because its worker is shutting down: the runner hands the job back. */
export class ShutdownError extends Error {
  constructor() {
    super('The worker is shutting down.');
    this.name = 'ShutdownError';
  }
}

/** The runs of one process (AppContext.runs). Ids are job ids, or `render:<job id>` for a render run. */
export interface RunRegistry {
  /** Registers a run; call the returned function when it ends. */
  register(jobId: string, controller: AbortController): () => void;
  /** Aborts the local run of a job, if any. */
  abortLocal(jobId: string): void;
  /** Number of runs in this process. */
  count(): number;
  /**
   * Shutdown of the runs of this process: lets them finish for `graceMs` milliseconds, then aborts the rest with a
   * ShutdownError (their runner hands the job back to the queue) and waits for them to end, at most `handBackMs`.
   */
  drain(graceMs: number, handBackMs?: number): Promise<void>;
}

/** A new, empty run registry. */
export function createRunRegistry(): RunRegistry {
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();

  /** Registers a run; call the returned function when it ends. */
  function register(jobId: string, controller: AbortController): () => void {
    let finish!: () => void;
    const entry = { controller, done: new Promise<void>((r) => (finish = r)) };
    running.set(jobId, entry);
    return () => {
      if (running.get(jobId) === entry) running.delete(jobId);
      finish();
    };
  }

  /** Aborts the local run of a job, if any. */
  function abortLocal(jobId: string): void {
    running.get(jobId)?.controller.abort(new Error('The job was deleted.'));
  }

  /** Number of runs in this process. */
  function count(): number {
    return running.size;
  }

  /**
   * Shutdown of the runs of this process: lets them finish for `graceMs` milliseconds, then aborts the rest with a
   * ShutdownError (their runner hands the job back to the queue) and waits for them to end, at most `handBackMs`.
   */
  async function drain(graceMs: number, handBackMs = 1500): Promise<void> {
    const all = () => Promise.all([...running.values()].map((r) => r.done));
    const timeout = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());
    if (!running.size) return;
    await Promise.race([all(), timeout(graceMs)]);
    if (!running.size) return;
    for (const r of running.values()) r.controller.abort(new ShutdownError());
    await Promise.race([all(), timeout(handBackMs)]);
  }

  return { register, abortLocal, count, drain };
}
