/**
 * The check every server test's answers go through (helpers/contract-check.ts) catches what it is there for: a
 * success body that drifted from its schema, a wrong success status, an error code the entry does not list, an
 * error answer that is not an ErrorBody. Pure: answers are built here, no server.
 */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { answerProblem, declaredRoutes, routeKey } from '../helpers/contract-check.ts';
import { ENDPOINTS } from '../../../contract/endpoints.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
const job = {
  id: '0b5e9a61-3f1c-4f53-9a53-0f0b7d1e2a11',
  original_filename: 'talk.mp4',
  job_type: 'video_translation',
  services_requested: ['subtitle'],
  source_language: 'en',
  target_languages: ['es'],
  voice_over_mode: null,
  source_file_url: '/v1/uploads/0b5e9a61-3f1c-4f53-9a53-0f0b7d1e2a12/file',
  status: 'queued',
  credits_used: 2,
  created_at: '2025-01-01T00:00:00.000Z',
  progress: 0,
  stage: null,
  error: null,
  error_code: null,
  source_expired: false,
  notes: [],
  output_files: {},
};

describe('the contract check of server answers', () => {
  it('accepts answers that match, gzip-compressed ones included', () => {
    expect(answerProblem(ENDPOINTS.getJob, 200, JSON_TYPE, JSON.stringify(job), undefined)).toBeNull();
    const gz = zlib.gzipSync(JSON.stringify([job]));
    expect(answerProblem(ENDPOINTS.listJobs, 200, JSON_TYPE, gz, 'gzip')).toBeNull();
    const missing = JSON.stringify({ error: 'Job not found.', statusCode: 404, code: 'JOB_NOT_FOUND' });
    expect(answerProblem(ENDPOINTS.getJob, 404, JSON_TYPE, missing, undefined)).toBeNull();
  });

  it('names a success body that drifted from its schema', () => {
    const { notes: _notes, ...withoutNotes } = job;
    expect(answerProblem(ENDPOINTS.getJob, 200, JSON_TYPE, JSON.stringify(withoutNotes), undefined)).toMatch(
      /does not match the response schema: notes/,
    );
    expect(
      answerProblem(ENDPOINTS.getJob, 200, JSON_TYPE, JSON.stringify({ ...job, stage: 'polishing' }), undefined),
    ).toMatch(/stage/);
  });

  it('names a success status the contract does not declare', () => {
    const body = JSON.stringify({ statusCode: 201, message: 'ok', user: { id: 'u', email: 'a@b.c', full_name: null } });
    expect(answerProblem(ENDPOINTS.signup, 200, JSON_TYPE, body, undefined)).toMatch(
      /status 200, the contract says 201/,
    );
  });

  it('names an error code the entry does not list, and an error that is not an ErrorBody', () => {
    const payment = JSON.stringify({ error: 'No credits', statusCode: 402, code: 'PAYMENT_REQUIRED' });
    expect(answerProblem(ENDPOINTS.getJob, 402, JSON_TYPE, payment, undefined)).toMatch(
      /PAYMENT_REQUIRED is not among the entry's codes/,
    );
    expect(answerProblem(ENDPOINTS.getJob, 404, 'text/plain', 'Not found', undefined)).toMatch(/not an ErrorBody/);
    const wrongStatus = JSON.stringify({ error: 'Job not found.', statusCode: 410, code: 'JOB_NOT_FOUND' });
    expect(answerProblem(ENDPOINTS.getJob, 410, JSON_TYPE, wrongStatus, undefined)).toMatch(/the table says 404/);
  });

  it('accepts the plain answers an entry declares, and only those', () => {
    expect(answerProblem(ENDPOINTS.download, 206, 'audio/wav', Buffer.from('RIFF'), undefined)).toBeNull();
    expect(answerProblem(ENDPOINTS.download, 416, '', '', undefined)).toBeNull();
    expect(answerProblem(ENDPOINTS.getJob, 416, '', '', undefined)).toMatch(/not an ErrorBody/);
  });

  it('finds an entry from a Fastify route, aliases included', () => {
    const routes = declaredRoutes();
    expect(routes.get(routeKey('GET', '/v1/jobs/:id'))?.name).toBe('getJob');
    expect(routes.get(routeKey('GET', '/v1/jobs'))?.name).toBe('listJobs');
    expect(routes.get(routeKey('GET', '/auth/logout'))?.name).toBe('logout');
    expect(routes.get(routeKey('GET', '/files/*'))?.name).toBe('download');
  });
});
