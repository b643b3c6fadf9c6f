/**
 * The editor's caption over the video (issue 38 item 4): the burned-in style (preview-style.ts) made readable on
 * a small player and kept clear of the native controls. At the default style a 1080-line picture shown 250 px
 * high drew an 8 px line across the seek bar. Pure: sizes in CSS pixels of the player.
 */
import type { SubtitleStyle } from '../../../contract/jobs.ts';
import { previewLines, type PreviewLine } from '../../lib/preview-style.ts';

/**
 * Smallest caption font size, as players keep one: the share of the picture's height (YouTube and the
 * browsers' own caption defaults draw about 4.5 % of it) and a floor for phones.
 */
export const OVERLAY_MIN_FONT_SHARE = 0.045;
export const OVERLAY_MIN_FONT_PX = 14;
/**
 * Height of Chromium's native control bar (play, time, seek bar) at the bottom of a <video controls>, with a
 * little room above it, CSS pixels: measured 60 px from the buttons' top to the element's bottom at 640 and 343 px
 * wide. A bottom caption ends above it so it never lies across the seek bar.
 */
export const NATIVE_CONTROLS_PX = 64;

/** The picture's box inside the <video> element: its height and its bottom edge's distance from the element's. */
export interface PlayerPicture {
  /** Height of the picture drawn (object-fit: contain), CSS pixels. */
  height: number;
  /** The letterbox under the picture, CSS pixels (0 when the picture fills the element's height). */
  bottomInset: number;
  /** The video's own height in pixels (the burn-in is worked out for it). */
  videoHeight: number;
}

const scaled = (line: PreviewLine, k: number, marginBlockPx: number): PreviewLine => ({
  ...line,
  fontSizePx: line.fontSizePx * k,
  lineHeightPx: line.lineHeightPx * k,
  marginBlockPx,
  outlinePx: line.outlinePx === null ? null : line.outlinePx * k,
  boxPaddingPx: line.boxPaddingPx === null ? null : line.boxPaddingPx * k,
  shadowPx: line.shadowPx * k,
});

/**
 * The target and (bilingual) source lines of `style` over `picture`: the burn-in's look enlarged, all sizes by one
 * factor, until the font is at least OVERLAY_MIN_FONT_SHARE of the picture's height and OVERLAY_MIN_FONT_PX (never
 * made smaller than the burn-in); the burn-in's margin kept, but a line at the bottom ends NATIVE_CONTROLS_PX or more above the element's bottom,
 * the source line keeping its distance above the target.
 */
export function overlayLines(
  style: SubtitleStyle,
  picture: PlayerPicture,
): { target: PreviewLine; source: PreviewLine | null } {
  const burned = previewLines(style, picture.height, picture.videoHeight);
  const wanted = Math.max(OVERLAY_MIN_FONT_PX, picture.height * OVERLAY_MIN_FONT_SHARE);
  const k = Math.max(1, wanted / burned.target.fontSizePx);
  const clear = style.position === 'bottom' ? Math.max(0, NATIVE_CONTROLS_PX - picture.bottomInset) : 0;
  const margin = Math.max(burned.target.marginBlockPx, clear);
  return {
    target: scaled(burned.target, k, margin),
    source: burned.source
      ? scaled(burned.source, k, margin + (burned.source.marginBlockPx - burned.target.marginBlockPx) * k)
      : null,
  };
}
