/**
 * The editor's state (zustand): the document with its undo history, the revision it was loaded from or last
 * saved as, the language shown beside the source, the track whose times the timeline edits, the playhead and
 * the save state. The edits themselves are the pure functions of model.ts; this store only records them.
 */
import { create } from 'zustand';
import type { TracksResponse } from '../../../contract/tracks.ts';
import { commit, historyOf, redo, undo, type History } from './history.ts';
import { docFromTracks, type EditorDoc, type EditorDraft, type TrackKey } from './model.ts';

/**
 * saved: the server has every edit; pending: an edit waits for the debounce; saving: a PUT is under way;
 * offline: edits kept on this device until the connection is back; conflict: the job changed elsewhere (409);
 * invalid: a cue cannot be saved yet (empty text); error: the server refused the save for another reason.
 */
export type SaveState = 'saved' | 'pending' | 'saving' | 'offline' | 'conflict' | 'invalid' | 'error';

export interface EditorState {
  jobId: string | null;
  /** The revision the document is based on (the server's latest when state is 'saved'). */
  revision: number;
  history: History<EditorDoc> | null;
  /** Target language shown beside the source. */
  target: string;
  /** Track whose cues the timeline shows as regions and whose times split/merge/insert/delete edit. */
  timingTrack: TrackKey;
  /** Playhead, seconds. */
  time: number;
  /** Cue selected (the one the playhead is in, or the one last clicked), on `timingTrack`. */
  activeId: string | null;
  /** Cues ticked in the list (ids on `timingTrack`), for "New speaker from the selected subtitles" (issue 38). */
  picked: readonly string[];
  save: SaveState;
  /** Bumped on every change of the document; the autosave compares it with `savedVersion`. */
  version: number;
  savedVersion: number;
  /** Code of the last refused save (ErrorCode or client code), for the message. */
  saveError: string | null;

  /** Starts editing `tracks`, or a draft kept offline (then based on the draft's revision and saved soon). */
  load: (jobId: string, tracks: TracksResponse, draft?: EditorDraft) => void;
  /** Applies a pure edit; `group` merges consecutive edits into one undo step (typing in one cue). */
  edit: (change: (doc: EditorDoc) => EditorDoc, group?: string) => void;
  undo: () => void;
  redo: () => void;
  setTarget: (lang: string) => void;
  setTimingTrack: (track: TrackKey) => void;
  setTime: (seconds: number) => void;
  setActive: (id: string | null) => void;
  /** Ticks cue `id` of `timingTrack`, or unticks it. */
  togglePicked: (id: string) => void;
  clearPicked: () => void;
  setSave: (save: SaveState, error?: string | null) => void;
  /** A save of `version` succeeded as `revision` (later edits stay pending). */
  saved: (revision: number, version: number) => void;
}

const initial = {
  jobId: null,
  revision: 0,
  history: null,
  target: '',
  timingTrack: 'source',
  time: 0,
  activeId: null,
  picked: [] as readonly string[],
  save: 'saved' as SaveState,
  version: 0,
  savedVersion: 0,
  saveError: null,
};

/** An edit makes the document pending, except during a save (it follows that one) or after a conflict. */
const afterEdit = (save: SaveState): SaveState => (save === 'saving' || save === 'conflict' ? save : 'pending');

export const useEditorStore = create<EditorState>((set, get) => ({
  ...initial,
  load: (jobId, tracks, draft) => {
    const target = Object.keys(tracks.targets)[0] ?? '';
    const doc = draft?.doc ?? docFromTracks(tracks);
    set({
      ...initial,
      jobId,
      revision: draft?.revision ?? tracks.revision,
      history: historyOf(doc),
      target,
      timingTrack: target || 'source',
      // A draft kept offline is one unsaved change: the autosave sends it.
      version: draft ? 1 : 0,
      save: draft ? 'pending' : 'saved',
    });
  },
  edit: (change, group) => {
    const h = get().history;
    if (!h) return;
    const next = commit(h, change(h.present), group ?? null);
    if (next !== h)
      set((s) => ({ history: next, version: s.version + 1, save: s.save === 'conflict' ? s.save : 'pending' }));
  },
  undo: () => {
    const h = get().history;
    if (h?.past.length) set((s) => ({ history: undo(h), version: s.version + 1, save: afterEdit(s.save) }));
  },
  redo: () => {
    const h = get().history;
    if (h?.future.length) set((s) => ({ history: redo(h), version: s.version + 1, save: afterEdit(s.save) }));
  },
  setTarget: (target) =>
    set((s) => {
      const timingTrack = s.timingTrack === 'source' ? 'source' : target;
      return { target, timingTrack, picked: timingTrack === s.timingTrack ? s.picked : [] };
    }),
  setTimingTrack: (timingTrack) => set({ timingTrack, activeId: null, picked: [] }),
  setTime: (time) => set({ time }),
  setActive: (activeId) => set({ activeId }),
  togglePicked: (id) =>
    set((s) => ({ picked: s.picked.includes(id) ? s.picked.filter((x) => x !== id) : [...s.picked, id] })),
  clearPicked: () => set({ picked: [] }),
  setSave: (save, error = null) => set({ save, saveError: error }),
  saved: (revision, version) =>
    set((s) => ({
      revision,
      savedVersion: version,
      saveError: null,
      save: s.version === version ? 'saved' : 'pending',
    })),
}));

/** The current document (undefined before load). */
export const selectDoc = (s: EditorState) => s.history?.present;
