import { QualityReport } from './quality.ts';
import { json, type Endpoint } from './endpoint.ts';

/**
 * The quality check's calls (issue 37): the findings of a job's latest tracks revision, as JSON and as Subtitle
 * Edit's Netflix quality report CSV. ENDPOINTS spreads this table (the server's quality module serves them).
 */
export const QUALITY_ENDPOINTS = {
  quality: {
    method: 'GET',
    path: '/v1/jobs/{id}/quality',
    tag: 'jobs',
    summary: "The quality check of the job's latest tracks revision: findings per cue and dub segment",
    description:
      'Subtitle rules (Netflix Timed Text Style Guide figures), translation checks (untranslated lines, missing ' +
      'digits and glossary terms, length ratio) and dub sync; each finding with its code, severity, measured ' +
      'value, limit and rule source. `summary.to_review` counts the cues with an error or a warning. Computed on read.',
    auth: 'bearer',
    response: json(QualityReport),
    errors: ['UNAUTHORIZED', 'JOB_NOT_FOUND', 'TRACKS_NOT_READY'],
  },
  qualityCsv: {
    method: 'GET',
    path: '/v1/jobs/{id}/quality.csv',
    tag: 'jobs',
    summary: "The quality check as CSV in the columns of Subtitle Edit's Netflix quality report",
    description:
      'Header `LineNumber,TimeCode,Context,Comment`: the cue number in its track (from 1), the start as ' +
      'hh:mm:ss,mmm, the track and what was measured, and the code, severity, limit and rule source. UTF-8.',
    auth: 'bearer',
    response: { status: 200, contentType: 'text/csv', description: 'The CSV file (attachment quality-<id>.csv)' },
    errors: ['UNAUTHORIZED', 'JOB_NOT_FOUND', 'TRACKS_NOT_READY'],
  },
} as const satisfies Record<string, Endpoint>;
