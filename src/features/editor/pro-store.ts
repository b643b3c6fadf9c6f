/**
 * State of the subtitler's tools beside the document (zustand): the waveform's zoom, whether the find and replace
 * panel is open, and which of the shift-times and revisions dialogs is open. Kept apart from store.ts: none of it
 * is part of the document or its undo history.
 */
import { create } from 'zustand';

/** Waveform zoom steps, pixels per second of media; ZOOM_DEFAULT is the waveform's initial 60 px/s. */
export const ZOOM_STEPS = [10, 20, 40, 60, 100, 160, 250, 400] as const;
export const ZOOM_DEFAULT = 60;

export type ProDialog = 'shift' | 'revisions' | null;

export interface ProToolsState {
  /** Pixels per second of the waveform. */
  zoom: number;
  findOpen: boolean;
  /** Bumped each time find is asked for (Ctrl+F), so an open panel takes the focus again. */
  findFocus: number;
  dialog: ProDialog;
  zoomIn: () => void;
  zoomOut: () => void;
  openFind: () => void;
  closeFind: () => void;
  setDialog: (dialog: ProDialog) => void;
}

/** The next zoom step after `px` in `direction` (+1 in, -1 out); `px` itself at either end. */
export function nextZoom(px: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOM_STEPS.find((s) => s > px) ?? px;
  return [...ZOOM_STEPS].reverse().find((s) => s < px) ?? px;
}

export const useProTools = create<ProToolsState>((set) => ({
  zoom: ZOOM_DEFAULT,
  findOpen: false,
  findFocus: 0,
  dialog: null,
  zoomIn: () => set((s) => ({ zoom: nextZoom(s.zoom, 1) })),
  zoomOut: () => set((s) => ({ zoom: nextZoom(s.zoom, -1) })),
  openFind: () => set((s) => ({ findOpen: true, findFocus: s.findFocus + 1 })),
  closeFind: () => set({ findOpen: false }),
  setDialog: (dialog) => set({ dialog }),
}));
