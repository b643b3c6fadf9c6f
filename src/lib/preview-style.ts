/**
 * How a burned-in subtitle line looks on the studio's preview frame: the server's ASS style
 * (server/src/media/burn-in.ts `toAss`) worked out for the video's real height, then scaled to the preview's
 * height, so the preview shows what the burned MP4 will show. Pure: sizes in CSS pixels of the preview.
 */
import type { CSSProperties } from 'react';
import type { SubtitleStyle } from '../../contract/jobs.ts';

/**
 * libass sizes a font so its ascender plus descender equals the ASS Fontsize (FreeType REAL_DIM request). Noto Sans
 * (the burn-in font) has win ascent 1069 and descent 293 per 1000 units, so its em is Fontsize × 1000 / 1362.
 * Measured: Fontsize 136 draws an 'H' 71 px high (cap height 0.714 em -> em 99.4 px).
 */
const EM_PER_ASS_SIZE = 1000 / 1362;
/** The source line of a bilingual cue: lighter (#E0E0E0) and 0.8 of the target size (burn-in.ts). */
const SOURCE_COLOUR = '#E0E0E0';

/** One line of the preview, in preview pixels. */
export interface PreviewLine {
  /** CSS font-size (the em); the line box is `lineHeightPx` = the ASS Fontsize scaled. */
  fontSizePx: number;
  lineHeightPx: number;
  colour: string;
  /** Which edge the line sits against and its distance from it (ASS MarginV); `marginInlinePx` both sides. */
  edge: 'top' | 'bottom';
  marginBlockPx: number;
  marginInlinePx: number;
  /** Outline style: the width of the dark outline around each glyph (ASS Outline), else null. */
  outlinePx: number | null;
  /** Box style: the padding of the opaque dark box around the text (ASS Outline with BorderStyle 3), else null. */
  boxPaddingPx: number | null;
  /** Outline style: the offset of the half-transparent shadow (ASS Shadow 1), else 0. */
  shadowPx: number;
}

/**
 * The target line and, when `bilingual`, the source line of the style on a preview `previewHeight` pixels high of a
 * video `videoHeight` pixels high (1080 when unknown). Mirrors toAss: font_size is for 1080 lines; margins are 6 %
 * of the height; outline max(1, 6 % of the size), box padding max(2, 15 % of the size); the source line sits
 * 2.6 target sizes further from the edge (above the target at the bottom, below it at the top).
 */
export function previewLines(
  style: SubtitleStyle,
  previewHeight: number,
  videoHeight = 1080,
): { target: PreviewLine; source: PreviewLine | null } {
  const k = previewHeight / videoHeight;
  const size = Math.round(style.font_size * (videoHeight / 1080));
  const margin = Math.round(videoHeight * 0.06);
  const box = style.background === 'box';
  const border = box ? Math.max(2, Math.round(size * 0.15)) : Math.max(1, Math.round(size * 0.06));
  const line = (assSize: number, colour: string, marginV: number): PreviewLine => ({
    fontSizePx: assSize * EM_PER_ASS_SIZE * k,
    lineHeightPx: assSize * k,
    colour,
    edge: style.position,
    marginBlockPx: marginV * k,
    marginInlinePx: margin * k,
    outlinePx: box ? null : border * k,
    boxPaddingPx: box ? border * k : null,
    shadowPx: box ? 0 : k,
  });
  return {
    target: line(size, style.colour, margin),
    source: style.bilingual ? line(Math.round(size * 0.8), SOURCE_COLOUR, margin + Math.round(size * 2.6)) : null,
  };
}

const px = (n: number) => `${Math.round(n * 100) / 100}px`;

/**
 * The CSS of a line: `outer` places the line (logical insets: a horizontal picture's block edges are top and
 * bottom), `text` draws it: an outline as a stroke painted under the fill (twice the ASS width, half of it hidden
 * under the glyph) with a 50 % black shadow, or an opaque black box repeated on every wrapped line.
 */
export function previewLineCss(line: PreviewLine): { outer: CSSProperties; text: CSSProperties } {
  const outer: CSSProperties = {
    [line.edge === 'top' ? 'insetBlockStart' : 'insetBlockEnd']: px(line.marginBlockPx),
    insetInline: px(line.marginInlinePx),
    fontSize: px(line.fontSizePx),
    lineHeight: px(line.lineHeightPx),
  };
  const text: CSSProperties =
    line.boxPaddingPx !== null
      ? { color: line.colour, backgroundColor: '#000000', padding: px(line.boxPaddingPx) }
      : {
          color: line.colour,
          WebkitTextStroke: `${px(2 * (line.outlinePx ?? 0))} #000000`,
          paintOrder: 'stroke fill',
          textShadow: `${px(line.shadowPx)} ${px(line.shadowPx)} 0 rgba(0, 0, 0, 0.5)`,
        };
  return { outer, text };
}
