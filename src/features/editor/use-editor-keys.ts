/**
 * The editor's keyboard: Space plays/pauses and Enter goes to the next cue (both not while typing), Alt+S splits
 * the selected cue at the playhead, Ctrl+Z undoes, Ctrl+Shift+Z (or Ctrl+Y) redoes, also inside a text box
 * (the editor's history replaces the text box's own, so one undo covers every kind of edit).
 */
import { useEffect } from 'react';

export interface EditorKeyActions {
  togglePlay: () => void;
  nextCue: () => void;
  split: () => void;
  undo: () => void;
  redo: () => void;
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

const isControl = (target: EventTarget | null) =>
  target instanceof HTMLElement && ['BUTTON', 'A', 'SUMMARY'].includes(target.tagName);

export function useEditorKeys(actions: EditorKeyActions): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const mod = e.ctrlKey || e.metaKey;
      // event.code: the same physical keys on an Arabic keyboard layout.
      if (mod && !e.altKey && (e.code === 'KeyZ' || e.code === 'KeyY')) {
        e.preventDefault();
        if (e.code === 'KeyY' || e.shiftKey) actions.redo();
        else actions.undo();
        return;
      }
      if (e.altKey && !mod && e.code === 'KeyS') {
        e.preventDefault();
        actions.split();
        return;
      }
      if (isTyping(e.target) || isControl(e.target) || mod || e.altKey) return;
      if (e.code === 'Space') {
        e.preventDefault();
        actions.togglePlay();
      } else if (e.key === 'Enter') {
        e.preventDefault();
        actions.nextCue();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [actions]);
}
