import type { SubtitleStyle } from '../../contract/jobs.ts';

/**
 * The subtitle style of a user who has not chosen one: the studio's starting style and the editor's caption
 * (features/studio, features/editor caption-overlay.tsx). Its own module so the landing bundle, which holds the
 * studio store, does not carry lib/preview-style.ts.
 */
export const DEFAULT_STYLE: SubtitleStyle = {
  font_size: 48,
  colour: '#FFFFFF',
  background: 'outline',
  position: 'bottom',
  bilingual: false,
};
