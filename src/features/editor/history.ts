/**
 * Undo history of the editor's document, pure: `commit` records a new state, `undo`/`redo` move through them.
 * Typing in one cue is one step, not one per key: consecutive commits with the same `group` replace the last state.
 */
export interface History<T> {
  past: readonly T[];
  present: T;
  future: readonly T[];
  /** Group of the last commit ('text:source:c1'); a commit of another group (or none) starts a new step. */
  group: string | null;
}

/** Steps kept; older ones are dropped. */
export const HISTORY_LIMIT = 200;

export const historyOf = <T>(present: T): History<T> => ({ past: [], present, future: [], group: null });

/** Records `next` (ignored when it is the present state). Clears the redo steps. */
export function commit<T>(h: History<T>, next: T, group: string | null = null): History<T> {
  if (next === h.present) return h;
  if (group !== null && group === h.group) return { ...h, present: next, future: [] };
  const past = [...h.past, h.present].slice(-HISTORY_LIMIT);
  return { past, present: next, future: [], group };
}

export function undo<T>(h: History<T>): History<T> {
  if (!h.past.length) return h;
  return {
    past: h.past.slice(0, -1),
    present: h.past[h.past.length - 1],
    future: [h.present, ...h.future],
    group: null,
  };
}

export function redo<T>(h: History<T>): History<T> {
  if (!h.future.length) return h;
  return { past: [...h.past, h.present], present: h.future[0], future: h.future.slice(1), group: null };
}
