import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../../lib/format.ts';
import { cueStats, tooFast } from '../reading-stats.ts';

interface CueStatsProps {
  text: string;
  start: number;
  end: number;
  language: string;
}

/**
 * Live counts under a cue's text: characters per second and characters of each line against the language's
 * limits (reading-stats.ts). A count over its limit is bold with a "!" (not colour alone); the rule warnings
 * below say which rule it breaks.
 */
export function CueStats({ text, start, end, language }: CueStatsProps) {
  const { t, i18n } = useLingui();
  const stats = cueStats(text, start, end, language);
  const cps = formatNumber(stats.cps, i18n.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const maxCps = formatNumber(stats.maxCps, i18n.locale);
  const fast = tooFast(stats);
  return (
    <p className="cue-stats small" data-testid="cue-stats">
      <span
        className={fast ? 'cue-stat cue-stat-over' : 'cue-stat'}
        data-testid="cue-cps"
        data-value={stats.cps.toFixed(1)}
      >
        <span aria-hidden="true">
          {t`${cps} chars/s`}
          {fast ? ' !' : null}
        </span>
        <span className="visually-hidden">{t`Reading speed: ${cps} characters per second (at most ${maxCps})`}</span>
      </span>
      {stats.lines.map((length, i) => {
        const over = length > stats.maxLineChars || i >= stats.maxLines;
        const n = i + 1;
        const count = formatNumber(length, i18n.locale);
        const max = formatNumber(stats.maxLineChars, i18n.locale);
        return (
          <span
            key={i}
            className={over ? 'cue-stat cue-stat-over' : 'cue-stat'}
            data-testid="cue-line-length"
            data-value={length}
          >
            <span aria-hidden="true">
              <bdi>{`${count}/${max}`}</bdi>
              {over ? ' !' : null}
            </span>
            <span className="visually-hidden">{t`Line ${n}: ${count} characters (at most ${max})`}</span>
          </span>
        );
      })}
    </p>
  );
}
