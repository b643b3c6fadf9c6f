/**
 * The Recent Jobs filter of a team member (issue 38 item 2): All, Mine (their own jobs and the team jobs they
 * started) and Team (the team account's jobs). Outside a team every job is 'personal' and no filter is offered.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { JobResponse } from '../../../contract/jobs.ts';

export const JOB_FILTERS = ['all', 'mine', 'team'] as const;
export type JobFilter = (typeof JOB_FILTERS)[number];

export const JOB_FILTER_LABELS: Record<JobFilter, MessageDescriptor> = {
  all: msg`All`,
  mine: msg`Mine`,
  team: msg`Team`,
};

/** Whether the list is a team member's (some job is the team's): only then is the filter shown. */
export const hasTeamJobs = (jobs: readonly Pick<JobResponse, 'scope'>[]) => jobs.some((j) => j.scope === 'team');

/**
 * The jobs the filter keeps, in their order. `userId`: the reader. A team job counts as theirs when they started it
 * (started_by); an owner's jobs from before the team was made have no starter and are the team's.
 */
export function filterJobs<T extends Pick<JobResponse, 'scope' | 'started_by'>>(
  jobs: readonly T[],
  filter: JobFilter,
  userId: string | undefined,
): T[] {
  if (filter === 'all') return [...jobs];
  if (filter === 'team') return jobs.filter((j) => j.scope === 'team');
  return jobs.filter((j) => j.scope !== 'team' || (!!userId && j.started_by?.user_id === userId));
}
