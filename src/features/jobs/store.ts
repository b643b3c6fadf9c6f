/** Job history store: what the worker last read from GET /v1/jobs/ (or the cached copy when offline). */
import { create } from 'zustand';
import type { JobResponse } from '../../../contract/jobs.ts';

interface JobsState {
  jobs: JobResponse[];
  loaded: boolean;
  /** The list shown is the copy kept on the device (the server could not be reached). */
  stale: boolean;
  refreshing: boolean;
  fetchedAt: number;
  setJobs: (jobs: JobResponse[], fromCache: boolean, fetchedAt: number) => void;
  markStale: () => void;
  setRefreshing: (refreshing: boolean) => void;
  removeJob: (id: string) => void;
  reset: () => void;
}

export const useJobsStore = create<JobsState>((set, get) => ({
  jobs: [],
  loaded: false,
  stale: false,
  refreshing: false,
  fetchedAt: 0,
  setJobs: (jobs, fromCache, fetchedAt) =>
    set({
      jobs,
      loaded: true,
      stale: fromCache,
      refreshing: false,
      fetchedAt: fromCache ? get().fetchedAt : fetchedAt,
    }),
  markStale: () => set({ stale: true, loaded: true, refreshing: false }),
  setRefreshing: (refreshing) => set({ refreshing }),
  removeJob: (id) => set({ jobs: get().jobs.filter((j) => j.id !== id) }),
  reset: () => set({ jobs: [], loaded: false, stale: false, refreshing: false, fetchedAt: 0 }),
}));
