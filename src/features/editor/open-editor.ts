import type { JobResponse } from '../../../contract/jobs.ts';
import type { TracksResponse } from '../../../contract/tracks.ts';
import { NetworkError } from '../../lib/api-error.ts';
import { getJob, getTracks } from './api/editor.api.ts';
import { dropDraft, readDraft, readOpened, rememberOpened } from './autosave.ts';
import { useEditorStore } from './store.ts';
import { useSyncStore } from './sync.ts';

/**
 * Loads the job and its tracks (or the draft kept offline) into the store; `discardDraft` forgets the draft.
 * Without a connection the job and tracks last opened on this device are used, so editing goes on offline.
 */
export async function openEditor(id: string, discardDraft: boolean): Promise<JobResponse> {
  if (discardDraft) await dropDraft(id);
  const draft = await readDraft(id);
  let job: JobResponse;
  let tracks: TracksResponse;
  try {
    [job, tracks] = await Promise.all([getJob(id), getTracks(id)]);
    await rememberOpened(id, { job, tracks });
  } catch (error) {
    const kept = error instanceof NetworkError ? await readOpened(id) : undefined;
    if (!kept) throw error;
    ({ job, tracks } = kept);
  }
  // A draft is sent again; one made over an older revision than the server's meets a 409 (offer to reload).
  useEditorStore.getState().load(id, tracks, draft);
  useSyncStore.getState().load(id, tracks);
  return job;
}
