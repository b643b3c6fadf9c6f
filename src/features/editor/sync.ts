/**
 * Dub sync in the editor (issue 20 items 1, 2): per target track the sync of every cue's dub segment and the
 * track's segments per status, as GET /v1/jobs/{id}/tracks gave them when the editor opened, and whether the
 * server can rephrase a line shorter (GET /v1/capabilities `rephrase`; the Shorten button).
 */
import { create } from 'zustand';
import { EDITOR_ENDPOINTS, ENDPOINTS } from '../../../contract/endpoints.ts';
import type { ShortenResponse, TrackSync } from '../../../contract/sync.ts';
import type { TracksResponse } from '../../../contract/tracks.ts';
import { callApi } from '../../lib/api-client.ts';

interface SyncState {
  jobId: string | null;
  /** By target language (base code); a track never dubbed is absent. */
  tracks: Record<string, TrackSync>;
  /** Whether Shorten can work; null before the server answered. */
  rephrase: boolean | null;
  /** Keeps the sync of `tracks` (the tracks response of job `jobId`) and asks once whether Shorten works. */
  load: (jobId: string, tracks: TracksResponse) => void;
}

export const useSyncStore = create<SyncState>((set, get) => ({
  jobId: null,
  tracks: {},
  rephrase: null,
  load(jobId, tracks) {
    const synced: Record<string, TrackSync> = {};
    for (const [lang, t] of Object.entries(tracks.targets)) if (t.sync) synced[lang] = t.sync;
    set({ jobId, tracks: synced });
    if (get().rephrase === null)
      callApi(ENDPOINTS.capabilities).then(
        (c) => set({ rephrase: c.rephrase }),
        () => undefined,
      );
  },
}));

/**
 * A shorter text for target cue `cueId` of `language` (nothing saved).
 * @throws ApiError NO_ENGINE (nothing can rephrase), ENGINE_FAILED…; NetworkError offline.
 */
export const shortenCue = (jobId: string, language: string, cueId: string): Promise<ShortenResponse> =>
  callApi(EDITOR_ENDPOINTS.shortenCue, { params: { id: jobId }, body: { language, cue_id: cueId } });
