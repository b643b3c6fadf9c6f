/** Whether this process is shutting down (SIGTERM received): /readyz then answers 503 at once. */
let stopping = false;

/** Marks the process as stopping (main.ts and worker-main.ts call it on SIGTERM/SIGINT). */
export function markStopping(): void {
  stopping = true;
}

export function isStopping(): boolean {
  return stopping;
}
