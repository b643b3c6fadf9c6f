/**
 * The quality check of a job's tracks (issue 37 item 1): one vocabulary of findings, defined here once for the
 * server (GET /v1/jobs/{id}/quality and its CSV) and the web app (its catalogs word each code). A finding names
 * the track and cue it is about, its time, what was measured against which limit, and the rule's source.
 * Times are seconds from the start of the media.
 */
import * as v from 'valibot';
import { finiteNumber } from './numbers.ts';

/**
 * The kinds of finding: subtitle rules (READING_SPEED ... SPEAKER_CHANGE_NO_DASH), translation checks
 * (UNTRANSLATED ... LENGTH_RATIO) and dub sync (DUB_FAST, DUB_OVERFLOW).
 */
export const QUALITY_CODES = [
  'READING_SPEED',
  'LINE_TOO_LONG',
  'TOO_MANY_LINES',
  'DURATION_TOO_SHORT',
  'DURATION_TOO_LONG',
  'GAP_TOO_SHORT',
  'SPEAKER_CHANGE_NO_DASH',
  'UNTRANSLATED',
  'GLOSSARY_TERM_MISSING',
  'NUMBER_MISSING',
  'LENGTH_RATIO',
  'DUB_FAST',
  'DUB_OVERFLOW',
] as const;
export type QualityCode = (typeof QUALITY_CODES)[number];

/** How much a finding matters: `error` breaks a rule, `warning` needs a look, `info` is for the curious. */
export const QUALITY_SEVERITIES = ['error', 'warning', 'info'] as const;
export type QualitySeverity = (typeof QUALITY_SEVERITIES)[number];

/** The severity of each code (one place: the checker and the editor agree). */
export const QUALITY_SEVERITY: Readonly<Record<QualityCode, QualitySeverity>> = {
  READING_SPEED: 'error',
  LINE_TOO_LONG: 'error',
  TOO_MANY_LINES: 'error',
  DURATION_TOO_SHORT: 'warning',
  DURATION_TOO_LONG: 'warning',
  GAP_TOO_SHORT: 'warning',
  SPEAKER_CHANGE_NO_DASH: 'warning',
  UNTRANSLATED: 'error',
  GLOSSARY_TERM_MISSING: 'warning',
  NUMBER_MISSING: 'warning',
  LENGTH_RATIO: 'info',
  DUB_FAST: 'warning',
  DUB_OVERFLOW: 'error',
};

/**
 * Units of `value` and `limit`: characters a second, characters, lines, seconds, a ratio (target characters per
 * source character), a speed-up (clip length / played length; 1 = natural) or a count (of missing terms or numbers).
 */
export const QUALITY_UNITS = [
  'characters_per_second',
  'characters',
  'lines',
  'seconds',
  'ratio',
  'speed',
  'count',
] as const;
export type QualityUnit = (typeof QUALITY_UNITS)[number];

/**
 * One finding. `track`: 'source' or a target language (base code); `cue_id`: the cue (for a dub segment or a
 * sentence, its first cue); `start`/`end`: the time it covers (seconds); `value`: what was measured and `limit`
 * the rule's bound, both in `unit` (absent where nothing is measured: an untranslated line); `detail`: what is
 * missing or which language was detected, in English (absent when `value` says it all); `rule_source`: where
 * the rule comes from, e.g. 'Netflix Timed Text Style Guide: General Requirements'.
 */
export const QualityFinding = v.object({
  code: v.picklist(QUALITY_CODES),
  severity: v.picklist(QUALITY_SEVERITIES),
  track: v.string(),
  cue_id: v.string(),
  start: finiteNumber(),
  end: finiteNumber(),
  value: v.optional(finiteNumber()),
  limit: v.optional(finiteNumber()),
  unit: v.optional(v.picklist(QUALITY_UNITS)),
  detail: v.optional(v.string()),
  rule_source: v.string(),
});
export type QualityFinding = v.InferOutput<typeof QualityFinding>;

/**
 * GET /v1/jobs/{id}/quality: the findings of tracks revision `revision`, in order of time. `summary.to_review`:
 * how many distinct cues (per track) have an error or a warning; `summary.by_code`: findings per code (every
 * code, 0 included).
 */
export const QualityReport = v.object({
  revision: finiteNumber(),
  summary: v.object({
    to_review: finiteNumber(),
    by_code: v.object(
      Object.fromEntries(QUALITY_CODES.map((c) => [c, finiteNumber()])) as Record<
        QualityCode,
        ReturnType<typeof finiteNumber>
      >,
    ),
  }),
  findings: v.array(QualityFinding),
});
export type QualityReport = v.InferOutput<typeof QualityReport>;

/** The summary of `findings` (QualityReport `summary`). */
export function qualitySummary(findings: readonly QualityFinding[]): QualityReport['summary'] {
  const byCode = Object.fromEntries(QUALITY_CODES.map((c) => [c, 0])) as Record<QualityCode, number>;
  const review = new Set<string>();
  for (const f of findings) {
    byCode[f.code]++;
    if (f.severity !== 'info') review.add(`${f.track}\u0000${f.cue_id}`);
  }
  return { to_review: review.size, by_code: byCode };
}
