/**
 * Job list polling (spec section 4: every 30 s, at once on Refresh and after a submission), paused while the tab
 * is hidden. Jobs still queued or processing are also read one by one every 5 s so their progress bar moves.
 * The last list is kept in IndexedDB so the studio shows it offline.
 */
import * as v from 'valibot';
import { ENDPOINTS } from '../contract/endpoints.ts';
import { ACTIVE_JOB_STATUSES, JobListResponse, type JobResponse, type JobStatus } from '../contract/jobs.ts';
import * as db from '../src/lib/db.ts';
import { callApi } from '../src/lib/api-client.ts';
import { errorInfoOf, NetworkError } from '../src/lib/api-error.ts';
import type { WorkerEvent } from './upload-types.ts';

export interface JobPollerDeps {
  emit: (event: WorkerEvent) => void;
  /** Called after every answer from the server (it is reachable: flush queued work). */
  onReachable: () => void;
  listIntervalMs?: number;
  activeIntervalMs?: number;
}

const ACTIVE: ReadonlySet<JobStatus> = new Set(ACTIVE_JOB_STATUSES);

export class JobPoller {
  private visible = true;
  private running = false;
  private listTimer?: ReturnType<typeof setTimeout>;
  private activeTimer?: ReturnType<typeof setTimeout>;
  private jobs: JobResponse[] = [];
  private readonly listMs: number;
  private readonly activeMs: number;

  constructor(private readonly deps: JobPollerDeps) {
    this.listMs = deps.listIntervalMs ?? 30_000;
    this.activeMs = deps.activeIntervalMs ?? 5_000;
  }

  /** Starts polling: shows the cached list at once, then reads the server. */
  async start(): Promise<void> {
    this.running = true;
    // A list kept by an older version may not match the contract any more: it is then not shown.
    const cached = v.safeParse(JobListResponse, await db.kvGet('jobs'));
    if (cached.success && this.jobs.length === 0) {
      this.jobs = cached.output;
      this.deps.emit({ type: 'jobs', jobs: cached.output, fetchedAt: 0, fromCache: true });
    }
    await this.refresh();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.listTimer);
    clearTimeout(this.activeTimer);
  }

  /** Hidden tab: no polling; visible again: one read at once, then the normal rhythm. */
  setVisible(visible: boolean): void {
    const wasHidden = !this.visible;
    this.visible = visible;
    if (!visible) {
      clearTimeout(this.listTimer);
      clearTimeout(this.activeTimer);
    } else if (wasHidden && this.running) {
      void this.refresh();
    }
  }

  /** Reads the list now and restarts the 30 s timer. */
  async refresh(): Promise<void> {
    clearTimeout(this.listTimer);
    try {
      this.jobs = await callApi(ENDPOINTS.listJobs);
      await db.kvSet('jobs', this.jobs);
      this.deps.emit({ type: 'jobs', jobs: this.jobs, fetchedAt: Date.now(), fromCache: false });
      this.deps.onReachable();
    } catch (error) {
      this.deps.emit({ type: 'jobs-error', error: errorInfoOf(error), offline: error instanceof NetworkError });
    }
    this.schedule();
  }

  /** Forgets the cached list (sign-out). */
  async clear(): Promise<void> {
    this.jobs = [];
    await db.kvSet('jobs', []);
  }

  private schedule(): void {
    if (!this.running || !this.visible) return;
    clearTimeout(this.listTimer);
    this.listTimer = setTimeout(() => void this.refresh(), this.listMs);
    clearTimeout(this.activeTimer);
    if (this.jobs.some((j) => ACTIVE.has(j.status))) {
      this.activeTimer = setTimeout(() => void this.followActive(), this.activeMs);
    }
  }

  private async followActive(): Promise<void> {
    if (!this.running || !this.visible) return;
    let changed = false;
    for (const job of this.jobs.filter((j) => ACTIVE.has(j.status))) {
      try {
        const fresh = await callApi(ENDPOINTS.getJob, { params: { id: job.id } });
        this.jobs = this.jobs.map((j) => (j.id === fresh.id ? fresh : j));
        changed = true;
      } catch {
        break; // offline or gone: the next list read settles it
      }
    }
    if (changed) {
      await db.kvSet('jobs', this.jobs);
      this.deps.emit({ type: 'jobs', jobs: this.jobs, fetchedAt: Date.now(), fromCache: false });
    }
    if (this.jobs.some((j) => ACTIVE.has(j.status))) {
      clearTimeout(this.activeTimer);
      this.activeTimer = setTimeout(() => void this.followActive(), this.activeMs);
    }
  }
}
