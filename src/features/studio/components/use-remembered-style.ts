import { useEffect, useRef } from 'react';
import type { UserResponse as User } from '../../../../contract/auth.ts';
import type { SubtitleStyle } from '../../../../contract/jobs.ts';
import { saveSubtitleStyle } from '../api/studio.api.ts';
import { DEFAULT_STYLE } from '../../../config/subtitle-style.ts';
import { useStudioStore } from '../store.ts';

/** Quiet time after the last style change before it is saved, milliseconds (one save per burst of changes). */
const SAVE_DELAY_MS = 700;

/**
 * The subtitle style remembered per user (issue 13): the user's saved style (`user.subtitle_style`) becomes the
 * studio's style until the user changes it on this visit; a change is saved (PUT /v1/users/me) once the style has
 * been still for SAVE_DELAY_MS, and `onSaved` gets the updated user. Saving is best-effort: offline or refused, the
 * style stays on this page and jobs (sent or queued) carry it as before.
 */
export function useRememberedStyle(user: User | null, onSaved: (user: User) => void): void {
  const saved = user?.subtitle_style ?? null;
  const savedKey = saved ? keyOf(saved) : 'null';
  const userId = user?.id ?? null;
  const lastUser = useRef(userId);
  useEffect(() => {
    // Another account on this page: its style, not the previous account's changes.
    if (lastUser.current !== userId) {
      lastUser.current = userId;
      useStudioStore.setState({ styleTouched: false });
      useStudioStore.getState().applyRememberedStyle(DEFAULT_STYLE);
    }
    if (savedKey !== 'null') useStudioStore.getState().applyRememberedStyle(fromKey(savedKey));
  }, [savedKey, userId]);

  const style = useStudioStore((s) => s.config.media.style);
  const touched = useStudioStore((s) => s.styleTouched);
  const styleKey = keyOf(style);
  useEffect(() => {
    if (!touched || !userId || styleKey === savedKey) return;
    const timer = setTimeout(() => {
      saveSubtitleStyle(fromKey(styleKey)).then(onSaved, () => {
        // Best-effort: the next change tries again.
      });
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [styleKey, savedKey, touched, userId, onSaved]);
}

/** A style as a string in a fixed field order (the database's jsonb answers its keys in another order). */
function keyOf(s: SubtitleStyle): string {
  return JSON.stringify([s.font_size, s.colour.toUpperCase(), s.background, s.position, s.bilingual]);
}

function fromKey(key: string): SubtitleStyle {
  const [font_size, colour, background, position, bilingual] = JSON.parse(key) as [
    number,
    string,
    SubtitleStyle['background'],
    SubtitleStyle['position'],
    boolean,
  ];
  return { font_size, colour, background, position, bilingual };
}
