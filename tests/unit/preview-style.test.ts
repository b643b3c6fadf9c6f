/**
 * The style preview draws the burn-in's ASS style (server/src/media/burn-in.ts) at the preview's size: the font
 * scaled from the 1080-line reference, margins 6 % of the height, an outline or an opaque box, top or bottom.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_STYLE } from '../../src/config/subtitle-style.ts';
import { previewLineCss, previewLines } from '../../src/lib/preview-style.ts';

describe('the subtitle style preview', () => {
  it('scales the 1080-line font size and margins to the preview height', () => {
    const { target, source } = previewLines({ ...DEFAULT_STYLE, font_size: 54 }, 270, 1080);
    // ASS Fontsize 54 on 1080 lines is a 13.5 px line box on 270; Noto Sans's em is 1000/1362 of it.
    expect(target.lineHeightPx).toBeCloseTo(13.5);
    expect(target.fontSizePx).toBeCloseTo((13.5 * 1000) / 1362);
    expect(target.marginBlockPx).toBeCloseTo(270 * 0.06, 0);
    expect(target.edge).toBe('bottom');
    expect(source).toBeNull();
    // A 720-line video: the server scales to 720 first (36 px font, 43 px margin), the preview follows it.
    const small = previewLines({ ...DEFAULT_STYLE, font_size: 54 }, 360, 720).target;
    expect(small.lineHeightPx).toBeCloseTo(18);
    expect(small.marginBlockPx).toBeCloseTo(21.5);
  });

  it('draws an outline with a shadow, or an opaque box without one', () => {
    const outline = previewLines(DEFAULT_STYLE, 1080).target;
    expect(outline.outlinePx).toBe(3); // max(1, round(48 x 0.06))
    expect(outline.boxPaddingPx).toBeNull();
    const outlineCss = previewLineCss(outline).text;
    expect(outlineCss.WebkitTextStroke).toBe('6px #000000');
    expect(outlineCss.backgroundColor).toBeUndefined();
    const box = previewLines({ ...DEFAULT_STYLE, background: 'box', colour: '#FFD700' }, 540).target;
    expect(box.outlinePx).toBeNull();
    expect(box.boxPaddingPx).toBeCloseTo(3.5); // max(2, round(48 x 0.15)) = 7 on 1080 lines
    const boxCss = previewLineCss(box).text;
    expect(boxCss).toMatchObject({ color: '#FFD700', backgroundColor: '#000000', padding: '3.5px' });
    expect(boxCss.WebkitTextStroke).toBeUndefined();
  });

  it('puts the line at the top or the bottom, the bilingual source line further from the edge', () => {
    const top = previewLines({ ...DEFAULT_STYLE, position: 'top', bilingual: true }, 1080);
    expect(top.target.edge).toBe('top');
    expect(previewLineCss(top.target).outer).toMatchObject({ insetBlockStart: '65px' });
    expect(previewLineCss(top.target).outer.insetBlockEnd).toBeUndefined();
    // Source line: 0.8 of the size, #E0E0E0, 2.6 target sizes beyond the target's margin (65 + 125).
    expect(top.source).toMatchObject({ lineHeightPx: 38, colour: '#E0E0E0', marginBlockPx: 190, edge: 'top' });
    const bottom = previewLines({ ...DEFAULT_STYLE, bilingual: true }, 1080);
    expect(previewLineCss(bottom.source!).outer).toMatchObject({ insetBlockEnd: '190px' });
  });
});
