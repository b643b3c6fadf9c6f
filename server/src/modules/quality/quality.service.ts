/**
 * GET /v1/jobs/{id}/quality and its CSV (issue 37 item 4): the quality check (quality-check.ts) of the job's latest
 * tracks revision, computed on read from the tracks, the job's glossary and the last dub's sync reports. Scoped
 * like GET /v1/jobs/{id}/tracks (the owner, or their team: others get 404).
 */
import type { QualityFinding, QualityReport } from '../../../../contract/quality.ts';
import type { StoredTracks } from '../../db/schema/index.ts';
import { jobWithTracks, latestTracks, type Ctx } from '../tracks/tracks.service.ts';
import { reportOf } from './quality-record.ts';

/** The quality report of the job's latest revision. @throws AppError JOB_NOT_FOUND, TRACKS_NOT_READY */
export async function getQuality(ctx: Ctx, userId: string, jobId: string): Promise<QualityReport> {
  const job = await jobWithTracks(ctx, userId, jobId);
  return reportOf(ctx, job, await latestTracks(ctx, job));
}

/** `seconds` as Subtitle Edit shows a time code: hh:mm:ss,mmm. */
export function timeCode(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(Math.floor(ms / 3_600_000))}:${p(Math.floor(ms / 60_000) % 60)}:${p(Math.floor(ms / 1000) % 60)},${p(ms % 1000, 3)}`;
}

/** A quoted CSV field as Subtitle Edit writes it: quotes doubled, line breaks as \n. */
const quoted = (s: string) => `"${s.replace(/"/g, '""').replace(/\r/g, '\\r').replace(/\n/g, '\\n')}"`;

const measured = (f: QualityFinding) =>
  f.value === undefined ? (f.detail ?? '') : `${f.value} ${f.unit ?? ''}`.trim() + (f.detail ? `; ${f.detail}` : '');

/**
 * The report as the CSV of Subtitle Edit's Netflix quality check (NetflixQualityController.ExportCsv): header
 * `LineNumber,TimeCode,Context,Comment`, one row per finding. LineNumber: the cue's number in its track (from 1);
 * TimeCode: the finding's start (hh:mm:ss,mmm); Context: the track and what was measured (`[es] 21.1
 * characters_per_second`); Comment: the code, severity, limit and rule source. UTF-8, CRLF line ends.
 */
export function qualityCsv(report: QualityReport, tracks: StoredTracks): string {
  const numbers = new Map<string, number>();
  tracks.source.cues.forEach((c, i) => numbers.set(`source\u0000${c.id}`, i + 1));
  for (const [lang, t] of Object.entries(tracks.targets))
    t.cues.forEach((c, i) => numbers.set(`${lang}\u0000${c.id}`, i + 1));
  const rows = report.findings.map((f) => {
    const limit = f.limit === undefined ? '' : `, limit ${f.limit} ${f.unit ?? ''}`.trimEnd();
    const comment = `${f.code} (${f.severity})${limit}. ${f.rule_source}`;
    const line = numbers.get(`${f.track}\u0000${f.cue_id}`) ?? '';
    return `${line},${timeCode(f.start)},${quoted(`[${f.track}] ${measured(f)}`)},${quoted(comment)}`;
  });
  return ['LineNumber,TimeCode,Context,Comment', ...rows].join('\r\n') + '\r\n';
}

/** The CSV of the job's latest revision (qualityCsv). @throws AppError JOB_NOT_FOUND, TRACKS_NOT_READY */
export async function getQualityCsv(ctx: Ctx, userId: string, jobId: string): Promise<string> {
  const job = await jobWithTracks(ctx, userId, jobId);
  const tracks = await latestTracks(ctx, job);
  return qualityCsv(await reportOf(ctx, job, tracks), tracks);
}
