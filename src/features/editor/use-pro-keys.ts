/**
 * The subtitler's keys (listed in components/shortcut-list.tsx): Alt+[ sets the selected cue's start at the
 * playhead and Alt+] its end, Alt+T opens Shift times, Ctrl+F opens Find and replace (these work while typing too),
 * + and - zoom the waveform (not while typing). event.code: the same physical keys on an Arabic keyboard layout.
 */
import { useEffect } from 'react';
import { useProTools } from './pro-store.ts';

export interface ProKeyActions {
  setStartAtPlayhead: () => void;
  setEndAtPlayhead: () => void;
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

export function useProKeys(actions: ProKeyActions): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const mod = e.ctrlKey || e.metaKey;
      const tools = useProTools.getState();
      // A dialog of its own has the keyboard.
      if (tools.dialog) return;
      if (e.altKey && !mod && !e.shiftKey) {
        if (e.code === 'BracketLeft') actions.setStartAtPlayhead();
        else if (e.code === 'BracketRight') actions.setEndAtPlayhead();
        else if (e.code === 'KeyT') tools.setDialog('shift');
        else return;
        e.preventDefault();
        return;
      }
      if (mod && !e.altKey && !e.shiftKey && (e.code === 'KeyF' || e.code === 'KeyH')) {
        e.preventDefault();
        tools.openFind();
        return;
      }
      if (mod || e.altKey || isTyping(e.target)) return;
      if (e.code === 'Equal' || e.code === 'NumpadAdd') {
        e.preventDefault();
        tools.zoomIn();
      } else if (e.code === 'Minus' || e.code === 'NumpadSubtract') {
        e.preventDefault();
        tools.zoomOut();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [actions]);
}
