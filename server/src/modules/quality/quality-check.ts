/**
 * The quality check of a tracks revision (issue 37 item 1): every cue of every track against the subtitle rules
 * (contract/cue-rules.ts, Netflix Timed Text Style Guide figures), the translation checks (quality-translation.ts)
 * and the dub's sync (contract/sync.ts trackSyncOf with the last dub's report). Pure and cheap: computed on read
 * by GET /v1/jobs/{id}/quality. Times are seconds.
 */
import { rulesFor, visibleLength, type CueRules } from '../../../../contract/cue-rules.ts';
import type { GlossarySnapshot } from '../../../../contract/glossary.ts';
import { LANGUAGE_NAMES, isStudioLanguage } from '../../../../contract/languages.ts';
import {
  QUALITY_SEVERITY,
  qualitySummary,
  type QualityCode,
  type QualityFinding,
  type QualityReport,
} from '../../../../contract/quality.ts';
import { SYNC_MAX_SPEED, trackSyncOf, type DubbedSync } from '../../../../contract/sync.ts';
import type { TrackCue } from '../../../../contract/tracks.ts';
import type { StoredTracks } from '../../db/schema/index.ts';
import { translationFindings } from './quality-translation.ts';

/** What the check reads besides the tracks: the job's glossary and, per dubbed language, the last dub's sync. */
export interface QualityInputs {
  glossary?: GlossarySnapshot | null;
  /** Per target language the last dub's report (the artifact sync/<lang>.json); absent or null: not dubbed. */
  sync?: Readonly<Record<string, DubbedSync | null | undefined>>;
}

/** Rounding of measured values (cue times are kept to the millisecond). */
const EPS = 1e-6;
const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

export const NETFLIX_GENERAL = 'Netflix Timed Text Style Guide: General Requirements';
const DUB_SOURCE = 'Tarjama dub sync (contract/sync.ts, issue 20): natural up to 1x, ok 1.15x, fast 1.25x';

/**
 * Where `language`'s line length and reading speed come from: Netflix's own guide for the languages whose figures
 * rulesFor takes from it (Chinese, Japanese, Korean), else the general requirements (42 characters a line; the
 * reading speed is the product's setting, 17 characters a second by default).
 */
export function languageRuleSource(language: string): string {
  if (['zh', 'ja', 'ko'].includes(language) && isStudioLanguage(language))
    return `Netflix Timed Text Style Guide: ${LANGUAGE_NAMES[language]}`;
  return NETFLIX_GENERAL;
}

const DASH = /^[\u200e\u200f]*[-\u2010\u2013\u2014]/u;

/** The subtitle-rule findings of one track (`track`: 'source' or the language) of `language`. */
function cueFindings(
  track: string,
  language: string,
  cues: readonly TrackCue[],
  rules: CueRules,
  sourceCues: readonly TrackCue[] | null,
): QualityFinding[] {
  const out: QualityFinding[] = [];
  const langSource = languageRuleSource(language);
  const add = (code: QualityCode, cue: TrackCue, f: Omit<QualityFinding, 'code' | 'severity' | 'track' | 'cue_id'>) =>
    out.push({ code, severity: QUALITY_SEVERITY[code], track, cue_id: cue.id, ...f });
  cues.forEach((c, i) => {
    const lines = c.text.split('\n');
    const dur = c.end - c.start;
    const chars = lines.reduce((n, l) => n + visibleLength(l), 0);
    const at = { start: c.start, end: c.end };
    if (dur > 0 && chars / dur > rules.maxCharsPerSecond + EPS)
      add('READING_SPEED', c, {
        ...at,
        value: round(chars / dur, 1),
        limit: rules.maxCharsPerSecond,
        unit: 'characters_per_second',
        rule_source: langSource,
      });
    const longest = Math.max(0, ...lines.map(visibleLength));
    if (longest > rules.maxLineChars)
      add('LINE_TOO_LONG', c, {
        ...at,
        value: longest,
        limit: rules.maxLineChars,
        unit: 'characters',
        rule_source: langSource,
      });
    if (lines.length > rules.maxLines)
      add('TOO_MANY_LINES', c, {
        ...at,
        value: lines.length,
        limit: rules.maxLines,
        unit: 'lines',
        rule_source: NETFLIX_GENERAL,
      });
    if (dur < rules.minDuration - EPS)
      add('DURATION_TOO_SHORT', c, {
        ...at,
        value: round(dur),
        limit: round(rules.minDuration),
        unit: 'seconds',
        rule_source: NETFLIX_GENERAL,
      });
    if (dur > rules.maxDuration + EPS)
      add('DURATION_TOO_LONG', c, {
        ...at,
        value: round(dur),
        limit: rules.maxDuration,
        unit: 'seconds',
        rule_source: NETFLIX_GENERAL,
      });
    const gap = i > 0 ? c.start - cues[i - 1].end : Infinity;
    if (gap < rules.minGap - EPS)
      add('GAP_TOO_SHORT', c, {
        start: cues[i - 1].end,
        end: c.start,
        value: round(gap),
        limit: round(rules.minGap),
        unit: 'seconds',
        rule_source: NETFLIX_GENERAL,
      });
    // Two speakers in one subtitle (the source cues said in its time have two): a dash must mark the lines.
    if (sourceCues) {
      const speakers = new Set(
        sourceCues.filter((s) => s.speaker && s.start < c.end && c.start < s.end).map((s) => s.speaker),
      );
      if (speakers.size > 1 && !lines.some((l) => DASH.test(l)))
        add('SPEAKER_CHANGE_NO_DASH', c, {
          ...at,
          value: speakers.size,
          unit: 'count',
          detail: `speakers ${[...speakers].join(', ')} without a dash`,
          rule_source: NETFLIX_GENERAL,
        });
    }
  });
  return out;
}

/** DUB_FAST and DUB_OVERFLOW of one dubbed target track: one finding per dub segment, on its first cue. */
function dubFindings(lang: string, cues: readonly TrackCue[], dubbed: DubbedSync): QualityFinding[] {
  const sync = trackSyncOf(cues, lang, dubbed);
  if (!sync) return [];
  const out: QualityFinding[] = [];
  const seen = new Set<string>();
  for (const c of cues) {
    const s = sync.cues[c.id];
    if (!s || (s.status !== 'fast' && s.status !== 'overflow')) continue;
    const key = `${s.slot_start}-${s.slot_end}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const code = s.status === 'fast' ? 'DUB_FAST' : 'DUB_OVERFLOW';
    out.push({
      code,
      severity: QUALITY_SEVERITY[code],
      track: lang,
      cue_id: c.id,
      start: s.slot_start,
      end: s.slot_end,
      value: s.speed,
      limit: s.status === 'fast' ? SYNC_MAX_SPEED.ok : SYNC_MAX_SPEED.fast,
      unit: 'speed',
      ...(s.shorter_by
        ? { detail: `about ${s.shorter_by} characters too long${s.estimated ? ' (estimated)' : ''}` }
        : {}),
      rule_source: DUB_SOURCE,
    });
  }
  return out;
}

/**
 * Every finding of `tracks` (subtitle rules per track with rulesFor(language); translation checks per target;
 * dub sync per target with a report in `inputs.sync`), in order of time (then track, then code).
 */
export function qualityFindings(tracks: StoredTracks, inputs: QualityInputs = {}): QualityFinding[] {
  const src = tracks.source;
  const found: QualityFinding[] = [...cueFindings('source', src.language, src.cues, rulesFor(src.language), null)];
  for (const [lang, t] of Object.entries(tracks.targets)) {
    found.push(...cueFindings(lang, lang, t.cues, rulesFor(lang), src.cues));
    const dubbed = inputs.sync?.[lang];
    if (dubbed) found.push(...dubFindings(lang, t.cues, dubbed));
  }
  found.push(...translationFindings(tracks, inputs.glossary));
  return found.sort((a, b) => a.start - b.start || a.track.localeCompare(b.track) || a.code.localeCompare(b.code));
}

/** The QualityReport of tracks revision `revision` (qualityFindings and their summary). */
export function qualityOf(tracks: StoredTracks, inputs: QualityInputs = {}, revision = 0): QualityReport {
  const findings = qualityFindings(tracks, inputs);
  return { revision, summary: qualitySummary(findings), findings };
}
