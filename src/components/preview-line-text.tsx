import { previewLineCss, type PreviewLine } from '../lib/preview-style.ts';
import './preview-line-text.css';

/**
 * One subtitle line; dir="auto" so Arabic reads right to left as libass (FriBidi) orders it. Drawn on the studio's
 * style preview (features/studio subtitle-preview.tsx) and over the editor's video (features/editor
 * caption-overlay.tsx), so both show the burn-in the same way. Sizes and colours: lib/preview-style.ts.
 */
export function PreviewLineText({
  line,
  text,
  lang,
  testId,
}: {
  line: PreviewLine;
  text: string;
  lang: string;
  testId: string;
}) {
  const css = previewLineCss(line);
  return (
    <div className="subtitle-preview-line" style={css.outer} data-edge={line.edge}>
      <span className="subtitle-preview-text" style={css.text} dir="auto" lang={lang} data-testid={testId}>
        {text}
      </span>
    </div>
  );
}
