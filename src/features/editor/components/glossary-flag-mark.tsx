/**
 * The editor's mark on a cue whose translation lacks a glossary term (issue 20 item 4): an icon and a sentence per
 * term ("Glossary: country should be nación"), not colour alone.
 */
import { useLingui } from '@lingui/react/macro';
import { useGlossaryFlags } from '../glossary-flags.ts';
import './glossary-flag-mark.css';

export function GlossaryFlagMark({ track, cueId }: { track: string; cueId: string }) {
  const { t } = useLingui();
  const flags = useGlossaryFlags((s) => s.flags[track]?.[cueId]);
  if (!flags?.length) return null;
  return (
    <ul className="glossary-flags" data-testid="glossary-flag">
      {flags.map((f) => (
        <li key={f.term}>
          <span aria-hidden="true" className="glossary-flag-icon">
            ⚑
          </span>{' '}
          {t`Glossary: “${f.term}” should be “${f.expected}” here`}
        </li>
      ))}
    </ul>
  );
}
