/**
 * Settings > Glossary (issue 20 item 4): terms translated the same way in every job. Add a term with its source
 * language (or any) and per target language a translation or "Keep as is" (names, brands); edit, delete, import a
 * CSV (columns term, source_language, target_language, translation; an empty translation keeps the term) and
 * export it. A job takes the glossary as it is when the job starts.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { BusyButton } from '../../../components/busy-button.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import { useListed } from '../../../lib/use-listed.ts';
import { STUDIO_LANGUAGES } from '../../../config/languages.ts';
import { ANY_LANGUAGE, type GlossaryTerm, type GlossaryTermRequest } from '../../../../contract/glossary.ts';
import {
  createGlossaryTerm,
  deleteGlossaryTerm,
  exportGlossary,
  importGlossary,
  listGlossary,
  updateGlossaryTerm,
} from '../api/glossary.api.ts';
import './glossary.css';

type Language = GlossaryTermRequest['source_language'];
interface TargetRow {
  language: Language;
  keep: boolean;
  translation: string;
}
const emptyRow = (): TargetRow => ({ language: 'es', keep: false, translation: '' });

export function GlossarySection() {
  const { t, i18n } = useLingui();
  const [editing, setEditing] = useState<string | null>(null);
  const [term, setTerm] = useState('');
  const [source, setSource] = useState<Language>(ANY_LANGUAGE);
  const [rows, setRows] = useState<TargetRow[]>([emptyRow()]);
  const [saving, setSaving] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const listed = useListed(listGlossary);
  const { reload: load, fail } = listed;
  const terms = listed.data?.terms ?? [];

  const languageName = (code: string) =>
    code === ANY_LANGUAGE
      ? t`Any language`
      : i18n._(STUDIO_LANGUAGES.find((l) => l.base === code)?.name ?? { id: code });
  const options = [ANY_LANGUAGE, ...STUDIO_LANGUAGES.map((l) => l.base)] as Language[];

  const reset = () => {
    setEditing(null);
    setTerm('');
    setSource(ANY_LANGUAGE);
    setRows([emptyRow()]);
  };
  const onEdit = (x: GlossaryTerm) => {
    setEditing(x.id);
    setTerm(x.term);
    setSource(x.source_language as Language);
    setRows(
      x.targets.map((r) => ({
        language: r.language as Language,
        keep: r.translation === null,
        translation: r.translation ?? '',
      })),
    );
  };
  const setRow = (i: number, patch: Partial<TargetRow>) =>
    setRows((all) => all.map((r, k) => (k === i ? { ...r, ...patch } : r)));

  const onSave = async (e: FormEvent) => {
    e.preventDefault();
    if (!term.trim()) return;
    const body: GlossaryTermRequest = {
      term: term.trim(),
      source_language: source,
      targets: rows.map((r) => ({ language: r.language, translation: r.keep ? null : r.translation.trim() })),
    };
    setSaving(true);
    try {
      if (editing) await updateGlossaryTerm(editing, body);
      else await createGlossaryTerm(body);
      toast({ title: editing ? t`Term updated.` : t`Term added to your glossary.`, variant: 'success' });
      reset();
      await load();
    } catch (error) {
      fail(error);
    } finally {
      setSaving(false);
    }
  };
  const onDelete = async (x: GlossaryTerm) => {
    try {
      await deleteGlossaryTerm(x.id);
      if (editing === x.id) reset();
      await load();
    } catch (error) {
      fail(error);
    }
  };
  const onExport = async () => {
    try {
      const blob = new Blob([await exportGlossary()], { type: 'text/csv' });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = 'glossary.csv';
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      fail(error);
    }
  };
  const onImport = async (file: File | undefined) => {
    if (!file) return;
    try {
      const done = await importGlossary(await file.text());
      await load();
      toast({
        title: t`Glossary imported: ${done.created} terms added, ${done.updated} updated.`,
        variant: 'success',
      });
    } catch (error) {
      fail(error);
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };
  const targetText = (r: GlossaryTerm['targets'][number]) =>
    r.translation === null
      ? t`${languageName(r.language)}: keep as is`
      : `${languageName(r.language)}: ${r.translation}`;

  return (
    <section className="card" aria-labelledby="settings-glossary" data-testid="glossary">
      <div className="card-header">
        <h2 className="card-title" id="settings-glossary">
          <Trans>Glossary</Trans>
        </h2>
        <p className="card-description">
          <Trans>
            Terms translated the same way in every subtitle, dub and document: a translation per language, or keep as is
            for names and brands. A job uses the glossary as it is when the job starts.
          </Trans>
        </p>
      </div>
      <div className="card-body stack">
        <form className="glossary-form stack" onSubmit={(e) => void onSave(e)}>
          <div className="glossary-line">
            <div className="field grow">
              <label className="label" htmlFor="glossary-term">
                <Trans>Term</Trans>
              </label>
              <input id="glossary-term" className="input" value={term} onChange={(e) => setTerm(e.target.value)} />
            </div>
            <div className="field">
              <label className="label" htmlFor="glossary-source">
                <Trans>Written in</Trans>
              </label>
              <select
                id="glossary-source"
                className="input"
                value={source}
                onChange={(e) => setSource(e.target.value as Language)}
              >
                {options.map((code) => (
                  <option key={code} value={code}>
                    {languageName(code)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {rows.map((r, i) => (
            <div className="glossary-line" key={i} data-testid="glossary-target">
              <div className="field">
                <label className="label" htmlFor={`glossary-lang-${i}`}>
                  <Trans>In</Trans>
                </label>
                <select
                  id={`glossary-lang-${i}`}
                  className="input"
                  value={r.language}
                  onChange={(e) => setRow(i, { language: e.target.value as Language })}
                >
                  {options.map((code) => (
                    <option key={code} value={code}>
                      {languageName(code)}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field grow">
                <label className="label" htmlFor={`glossary-translation-${i}`}>
                  <Trans>Translation</Trans>
                </label>
                <input
                  id={`glossary-translation-${i}`}
                  className="input"
                  value={r.translation}
                  disabled={r.keep}
                  onChange={(e) => setRow(i, { translation: e.target.value })}
                />
              </div>
              <label className="glossary-keep">
                <input type="checkbox" checked={r.keep} onChange={(e) => setRow(i, { keep: e.target.checked })} />
                <Trans>Keep as is</Trans>
              </label>
              {rows.length > 1 ? (
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() => setRows((all) => all.filter((_, k) => k !== i))}
                >
                  <Trans>Remove</Trans>
                </button>
              ) : null}
            </div>
          ))}
          <div className="glossary-actions">
            <button type="button" className="btn btn-outline" onClick={() => setRows((all) => [...all, emptyRow()])}>
              <Trans>Add a language</Trans>
            </button>
            <BusyButton busy={saving} type="submit" className="btn btn-primary" disabled={!term.trim()}>
              {editing ? <Trans>Save term</Trans> : <Trans>Add term</Trans>}
            </BusyButton>
            {editing ? (
              <button type="button" className="btn btn-outline" onClick={reset}>
                <Trans>Cancel</Trans>
              </button>
            ) : null}
          </div>
        </form>
        <div className="glossary-actions">
          <button type="button" className="btn btn-outline" onClick={() => fileInput.current?.click()}>
            <Trans>Import CSV</Trans>
          </button>
          <input
            ref={fileInput}
            type="file"
            accept=".csv,text/csv"
            hidden
            aria-label={t`Glossary CSV file`}
            onChange={(e) => void onImport(e.target.files?.[0])}
          />
          <button type="button" className="btn btn-outline" onClick={() => void onExport()} disabled={!terms.length}>
            <Trans>Export CSV</Trans>
          </button>
          <p className="muted small grow">
            <Trans>CSV columns: term, source_language, target_language, translation (empty: keep as is).</Trans>
          </p>
        </div>
        {terms.length ? (
          <ul className="glossary-list">
            {terms.map((x) => (
              <li key={x.id} className="action-row" data-testid="glossary-row">
                <div className="grow">
                  <p className="action-title">{x.term}</p>
                  <p className="muted small">
                    {languageName(x.source_language)} → {x.targets.map(targetText).join(' · ')}
                  </p>
                </div>
                <button type="button" className="btn btn-outline" onClick={() => onEdit(x)}>
                  <Trans>Edit</Trans>
                </button>
                <button type="button" className="btn btn-outline" onClick={() => void onDelete(x)}>
                  <Trans>Delete</Trans>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted small">
            <Trans>Your glossary is empty.</Trans>
          </p>
        )}
      </div>
    </section>
  );
}
