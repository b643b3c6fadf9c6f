/**
 * Dub sync in the editor (issue 20 items 1, 2; issue 36): per target track the last dub's segments still in the
 * track (rebuilt from the GET/PUT tracks answer, contract/sync.ts dubbedOf), from which useTrackSync gives the
 * sync of the cues as they are now, unsaved edits included (trackSyncOf: a changed line reads "to be checked"
 * with its estimated status as the user types), and whether the server can rephrase a line shorter
 * (GET /v1/capabilities `rephrase`; the Shorten button).
 */
import { create } from 'zustand';
import { EDITOR_ENDPOINTS, ENDPOINTS } from '../../../contract/endpoints.ts';
import {
  dubbedOf,
  trackSyncOf,
  type DubbedSync,
  type ShortenResponse,
  type SyncCue,
  type TrackSync,
} from '../../../contract/sync.ts';
import type { TracksResponse } from '../../../contract/tracks.ts';
import { callApi } from '../../lib/api-client.ts';
import { useEditorStore } from './store.ts';

interface SyncState {
  jobId: string | null;
  /** By target language (base code): the last dub's segments and speaking rate; a track never dubbed is absent. */
  dubbed: Record<string, DubbedSync>;
  /** Whether Shorten can work; null before the server answered. */
  rephrase: boolean | null;
  /** Keeps the sync of `tracks` (a tracks answer of job `jobId`) and asks once whether Shorten works. */
  load: (jobId: string, tracks: TracksResponse) => void;
  /**
   * Takes the sync of a save's answer (`tracks`, PUT tracks): the server knows every segment of the last dub, so
   * a line put back as it was dubbed is measured again; languages the answer has no sync for stay as they are.
   */
  saved: (tracks: TracksResponse) => void;
}

export const useSyncStore = create<SyncState>((set, get) => ({
  jobId: null,
  dubbed: {},
  rephrase: null,
  load(jobId, tracks) {
    set({ jobId, dubbed: dubbedOfTracks(tracks) });
    if (get().rephrase === null)
      callApi(ENDPOINTS.capabilities).then(
        (c) => set({ rephrase: c.rephrase }),
        () => undefined,
      );
  },
  saved(tracks) {
    set((s) => ({ dubbed: { ...s.dubbed, ...dubbedOfTracks(tracks) } }));
  },
}));

function dubbedOfTracks(tracks: TracksResponse): Record<string, DubbedSync> {
  const dubbed: Record<string, DubbedSync> = {};
  for (const [lang, t] of Object.entries(tracks.targets)) if (t.sync) dubbed[lang] = dubbedOf(t.cues, lang, t.sync);
  return dubbed;
}

/** The last result per language: every cue's mark asks, the track is computed once per edit. */
const memo = new Map<string, { cues: readonly SyncCue[]; dubbed: DubbedSync; sync: TrackSync | undefined }>();

/** trackSyncOf of `cues` (a track of the document) against `dubbed`, computed again only when either changed. */
export function trackSyncNow(
  language: string,
  cues: readonly SyncCue[] | undefined,
  dubbed: DubbedSync | undefined,
): TrackSync | undefined {
  if (!cues || !dubbed) return undefined;
  const last = memo.get(language);
  if (last && last.cues === cues && last.dubbed === dubbed) return last.sync;
  const sync = trackSyncOf(cues, language, dubbed);
  memo.set(language, { cues, dubbed, sync });
  return sync;
}

/**
 * The sync of target track `language` as the editor holds it now (unsaved edits included): the last dub's
 * measured sync for unchanged segments, an estimate (`estimated`) for changed ones; undefined when the track
 * was never dubbed.
 */
export function useTrackSync(language: string): TrackSync | undefined {
  const cues = useEditorStore((s) => s.history?.present.tracks[language]);
  const dubbed = useSyncStore((s) => s.dubbed[language]);
  return trackSyncNow(language, cues, dubbed);
}

/**
 * A shorter text for target cue `cueId` of `language` (nothing saved).
 * @throws ApiError NO_ENGINE (nothing can rephrase), ENGINE_FAILED…; NetworkError offline.
 */
export const shortenCue = (jobId: string, language: string, cueId: string): Promise<ShortenResponse> =>
  callApi(EDITOR_ENDPOINTS.shortenCue, { params: { id: jobId }, body: { language, cue_id: cueId } });
