import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SubtitleStyle } from '../../../../contract/jobs.ts';

interface SubtitleStyleFieldsProps {
  style: SubtitleStyle;
  /** Called with the changed fields only. */
  onChange: (change: Partial<SubtitleStyle>) => void;
}

/** Font size limits of burned-in subtitles, in pixels of a 1080-line picture (contract SubtitleStyle). */
const FONT_SIZE = { min: 16, max: 96, fallback: 48 } as const;

/**
 * The style of subtitles burned into the picture (service burned_subtitles): font size, text colour, outline or
 * box, bottom or top. Bilingual is chosen beside it in the config card (it also changes the SRT/VTT).
 */
export function SubtitleStyleFields({ style, onChange }: SubtitleStyleFieldsProps) {
  const { t } = useLingui();
  return (
    <fieldset className="field fieldset subtitle-style">
      <legend className="label">
        <Trans>Subtitle style</Trans>
      </legend>
      <StyleField label={<Trans>Font size</Trans>}>
        <input
          className="input"
          type="number"
          min={FONT_SIZE.min}
          max={FONT_SIZE.max}
          value={style.font_size}
          onChange={(e) =>
            onChange({
              font_size: Math.min(FONT_SIZE.max, Math.max(FONT_SIZE.min, Number(e.target.value) || FONT_SIZE.fallback)),
            })
          }
        />
      </StyleField>
      <StyleField label={<Trans>Text colour</Trans>}>
        <input type="color" value={style.colour} onChange={(e) => onChange({ colour: e.target.value.toUpperCase() })} />
      </StyleField>
      <StyleField label={<Trans>Background</Trans>}>
        <select
          className="select"
          value={style.background}
          onChange={(e) => onChange({ background: e.target.value === 'box' ? 'box' : 'outline' })}
        >
          <option value="outline">{t`Outline`}</option>
          <option value="box">{t`Box`}</option>
        </select>
      </StyleField>
      <StyleField label={<Trans>Position</Trans>}>
        <select
          className="select"
          value={style.position}
          onChange={(e) => onChange({ position: e.target.value === 'top' ? 'top' : 'bottom' })}
        >
          <option value="bottom">{t`Bottom`}</option>
          <option value="top">{t`Top`}</option>
        </select>
      </StyleField>
    </fieldset>
  );
}

/** One labelled control: the label wraps it, so the control is named by it. */
function StyleField({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <label className="field">
      <span className="label">{label}</span>
      {children}
    </label>
  );
}
