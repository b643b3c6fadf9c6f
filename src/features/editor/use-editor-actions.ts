/**
 * The editor's commands on the selected cue of the timing track (split at the playhead, merge, insert, delete,
 * next cue) and the player's (seek, play/pause), shared by the toolbar, the keyboard and the timeline.
 */
import { useMemo, type RefObject } from 'react';
import { cueAt, deleteCue, insertCue, mergeWithNext, setTimes, splitCue } from './model.ts';
import { useEditorStore } from './store.ts';

const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

export function useEditorActions(mediaRef: RefObject<HTMLMediaElement | null>) {
  return useMemo(() => {
    const state = () => useEditorStore.getState();
    const cues = () => state().history?.present.tracks[state().timingTrack] ?? [];
    /** The selected cue, else the one under the playhead. */
    const selected = () => state().activeId ?? cueAt(cues(), state().time)?.id ?? null;
    const seek = (seconds: number) => {
      const media = mediaRef.current;
      if (media) media.currentTime = seconds;
      state().setTime(seconds);
    };
    const select = (id: string | null) => {
      state().setActive(id);
      const cue = cues().find((c) => c.id === id);
      if (cue) seek(cue.start);
    };
    return {
      seek,
      select,
      togglePlay: () => {
        const media = mediaRef.current;
        if (!media) return;
        if (media.paused) void media.play().catch(() => undefined);
        else media.pause();
      },
      nextCue: () => {
        const list = cues();
        const index = list.findIndex((c) => c.id === selected());
        const next = list[index + 1] ?? (index < 0 ? list.find((c) => c.start >= state().time) : undefined);
        if (next) select(next.id);
      },
      split: () => {
        const time = state().time;
        const id = cueAt(cues(), time)?.id ?? selected();
        if (id) state().edit((d) => splitCue(d, state().timingTrack, id, time, newId()));
      },
      merge: () => {
        const id = selected();
        if (id) state().edit((d) => mergeWithNext(d, state().timingTrack, id));
      },
      insert: () => {
        const list = cues();
        const time = state().time;
        const after = state().activeId ?? [...list].reverse().find((c) => c.start <= time)?.id ?? null;
        const id = newId();
        state().edit((d) => insertCue(d, state().timingTrack, after, id));
        if (cues().some((c) => c.id === id)) select(id);
      },
      remove: () => {
        const id = selected();
        if (!id) return;
        const list = cues();
        const index = list.findIndex((c) => c.id === id);
        state().edit((d) => deleteCue(d, state().timingTrack, id));
        state().setActive(list[index + 1]?.id ?? list[index - 1]?.id ?? null);
      },
      moveEdges: (id: string, start: number, end: number) =>
        state().edit((d) => setTimes(d, state().timingTrack, id, { start, end })),
      undo: () => state().undo(),
      redo: () => state().redo(),
    };
  }, [mediaRef]);
}
