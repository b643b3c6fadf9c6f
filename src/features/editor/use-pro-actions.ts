/**
 * The subtitler's timing commands on the timing track: set the selected cue's start or end at the playhead (the
 * cue under the playhead when none is selected), and shift every time after a point. Each is one undo step.
 */
import { useMemo } from 'react';
import { cueAt, setTimes } from './model.ts';
import { useEditorStore } from './store.ts';
import { shiftAfter } from './timing.ts';

export interface ProActions {
  setStartAtPlayhead: () => void;
  setEndAtPlayhead: () => void;
  /** Moves every cue starting at or after `from` seconds by `delta` seconds, on every track. */
  shift: (from: number, delta: number) => void;
}

export function useProActions(): ProActions {
  return useMemo(() => {
    const state = () => useEditorStore.getState();
    const selected = () => {
      const s = state();
      const cues = s.history?.present.tracks[s.timingTrack] ?? [];
      return s.activeId ?? cueAt(cues, s.time)?.id ?? null;
    };
    const atPlayhead = (edge: 'start' | 'end') => {
      const id = selected();
      if (!id) return;
      const { time, timingTrack } = state();
      state().edit((d) => setTimes(d, timingTrack, id, edge === 'start' ? { start: time } : { end: time }));
    };
    return {
      setStartAtPlayhead: () => atPlayhead('start'),
      setEndAtPlayhead: () => atPlayhead('end'),
      shift: (from, delta) => state().edit((d) => shiftAfter(d, from, delta)),
    };
  }, []);
}
