/**
 * The translation checks of the quality check (issue 37 item 1): per target cue, against the source cues spoken
 * in its time (overlapping it): untranslated lines, digits of the source missing, a sentence whose length is far
 * from its source's, glossary terms missing (track-glossary.ts). Pure. Times are seconds.
 */
import { visibleLength } from '../../../../contract/cue-rules.ts';
import { rulesFor } from '../../../../contract/cue-rules.ts';
import { segmentsWithCues, toCue } from '../../../../contract/dub-segments.ts';
import type { GlossarySnapshot } from '../../../../contract/glossary.ts';
import { isStudioLanguage } from '../../../../contract/languages.ts';
import { QUALITY_SEVERITY, type QualityCode, type QualityFinding } from '../../../../contract/quality.ts';
import type { TrackCue } from '../../../../contract/tracks.ts';
import type { StoredTracks } from '../../db/schema/index.ts';
import { identifyLanguage } from '../../media/language-id.ts';
import { glossaryFlagsOf } from '../tracks/track-glossary.ts';

/** The usual range of target characters per source character of a sentence (issue 37: [0.5, 2.0]). */
export const LENGTH_RATIO_RANGE = { min: 0.5, max: 2 } as const;
/** Source characters a sentence needs before its length ratio means anything (short lines vary widely). */
const RATIO_MIN_SOURCE_CHARS = 20;
/** Languages without spaces or with dense scripts: their character counts are not comparable with others'. */
const NO_RATIO = new Set(['zh', 'ja', 'ko']);

const SOURCES = {
  untranslated: 'Tarjama quality check (issue 37): the target equals the source, or franc-min detects another language',
  numbers: 'Tarjama quality check (issue 37): digits of the source kept in the target',
  ratio: 'Tarjama quality check (issue 37): target/source characters of a sentence within 0.5 to 2.0',
  glossary: "The job's glossary (issue 20 item 4)",
} as const;

const overlaps = (a: { start: number; end: number }, start: number, end: number) => a.start < end && start < a.end;

/** Letters and digits only, lower case: "Hello, world!" and "hello world" compare equal. */
const normalised = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
const words = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** Western digits for Arabic-Indic and Eastern Arabic-Indic ones. */
const westernDigits = (text: string) =>
  text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));

/** The numbers of `text` as digit strings, separators dropped ("1,000" and "1.000" are both "1000"). */
export function numbersOf(text: string): string[] {
  return (westernDigits(text).match(/\d+(?:[.,\u00a0\u202f ]\d+)*/g) ?? []).map((n) => n.replace(/\D/g, ''));
}

function finding(
  code: QualityCode,
  track: string,
  cue: TrackCue,
  extra: Partial<QualityFinding> & { rule_source: string },
): QualityFinding {
  return { code, severity: QUALITY_SEVERITY[code], track, cue_id: cue.id, start: cue.start, end: cue.end, ...extra };
}

/** A line left as the source said it, and missing numbers, of one target cue against the source cues said in its time. */
function cueChecks(lang: string, cue: TrackCue, said: TrackCue[], nearby: string): QualityFinding[] {
  const out: QualityFinding[] = [];
  const target = normalised(cue.text);
  const whole = normalised(said.map((s) => s.text).join(' '));
  const identical =
    target.length >= 6 && words(cue.text) >= 2 && (target === whole || said.some((s) => normalised(s.text) === target));
  if (identical)
    out.push(
      finding('UNTRANSLATED', lang, cue, { detail: 'same text as the source', rule_source: SOURCES.untranslated }),
    );
  const have = new Set(numbersOf(nearby));
  const missing = [...new Set(said.flatMap((s) => numbersOf(s.text)))].filter((n) => !have.has(n));
  if (missing.length)
    out.push(
      finding('NUMBER_MISSING', lang, cue, {
        value: missing.length,
        limit: 0,
        unit: 'count',
        detail: `missing ${missing.join(', ')}`,
        rule_source: SOURCES.numbers,
      }),
    );
  return out;
}

/**
 * The sentence checks of a target track (its dub segments: cues up to a sentence end): a sentence franc-min reads
 * as another language than `lang` (identifyLanguage: only a sentence long enough to be sure, and a studio
 * language), and one whose characters are outside LENGTH_RATIO_RANGE of the source said in its time. Each on the
 * sentence's first cue, over the sentence's time. `flagged`: cue ids already found UNTRANSLATED (not found twice).
 */
function sentenceChecks(
  lang: string,
  sourceLang: string,
  cues: TrackCue[],
  source: TrackCue[],
  flagged: ReadonlySet<string>,
): QualityFinding[] {
  const out: QualityFinding[] = [];
  const groups = segmentsWithCues(
    cues.map((c) => toCue(c, lang)),
    rulesFor(lang).joiner,
  );
  for (const g of groups) {
    const { start, end, text } = g.segment;
    const first = cues[g.cues[0]];
    const detected = isStudioLanguage(lang) ? identifyLanguage(text) : null;
    if (detected && detected !== lang && !g.cues.some((i) => flagged.has(cues[i].id)))
      out.push({
        ...finding('UNTRANSLATED', lang, first, {
          detail: `reads as ${detected}${detected === sourceLang ? ' (the source language)' : ''}`,
          rule_source: SOURCES.untranslated,
        }),
        end,
      });
    if (NO_RATIO.has(lang) || NO_RATIO.has(sourceLang)) continue;
    const said = source.filter((s) => overlaps(s, start, end));
    const sourceChars = said.reduce((n, s) => n + visibleLength(s.text.replace(/\n/g, ' ')), 0);
    if (sourceChars < RATIO_MIN_SOURCE_CHARS) continue;
    const ratio = visibleLength(text) / sourceChars;
    if (ratio >= LENGTH_RATIO_RANGE.min && ratio <= LENGTH_RATIO_RANGE.max) continue;
    out.push({
      ...finding('LENGTH_RATIO', lang, first, { rule_source: SOURCES.ratio }),
      end,
      value: Math.round(ratio * 100) / 100,
      limit: ratio < LENGTH_RATIO_RANGE.min ? LENGTH_RATIO_RANGE.min : LENGTH_RATIO_RANGE.max,
      unit: 'ratio',
    });
  }
  return out;
}

/**
 * The translation findings of every target track of `tracks` (a target of the source's own language is skipped):
 * UNTRANSLATED (the target's letters and digits equal those of the source said in its time, for a line of at
 * least 2 words and 6 letters; or franc-min, via identifyLanguage, names another language for a sentence long
 * enough to be sure: 100 letters of a Latin script, a line of two Netflix lines holds at most 84 characters), NUMBER_MISSING (a number of the source cues said in its time is in none of the target cues said in
 * theirs), LENGTH_RATIO (a sentence of at least 20 source characters outside LENGTH_RATIO_RANGE; not for Chinese,
 * Japanese or Korean) and GLOSSARY_TERM_MISSING (glossaryFlagsOf under the job's `glossary`).
 */
export function translationFindings(
  tracks: StoredTracks,
  glossary: GlossarySnapshot | null | undefined,
): QualityFinding[] {
  const out: QualityFinding[] = [];
  const source = tracks.source;
  const flags = glossaryFlagsOf(tracks, glossary);
  for (const [lang, target] of Object.entries(tracks.targets)) {
    if (lang === source.language) continue;
    for (const cue of target.cues) {
      const said = source.cues.filter((s) => overlaps(s, cue.start, cue.end));
      if (said.length) {
        const start = Math.min(...said.map((s) => s.start));
        const end = Math.max(...said.map((s) => s.end));
        const nearby = target.cues
          .filter((t) => overlaps(t, start, end))
          .map((t) => t.text)
          .join(' ');
        out.push(...cueChecks(lang, cue, said, nearby));
      }
      const missing = flags[lang]?.[cue.id];
      if (missing?.length)
        out.push(
          finding('GLOSSARY_TERM_MISSING', lang, cue, {
            value: missing.length,
            limit: 0,
            unit: 'count',
            detail: missing.map((m) => `${m.term} -> ${m.expected}`).join('; '),
            rule_source: SOURCES.glossary,
          }),
        );
    }
    const flagged = new Set(out.filter((f) => f.track === lang && f.code === 'UNTRANSLATED').map((f) => f.cue_id));
    out.push(...sentenceChecks(lang, source.language, target.cues, source.cues, flagged));
  }
  return out;
}
