// Job history rules: download names of spec section 9 and the Retry refusal of section 5.
import { describe, expect, it } from 'vitest';
import { outputFilesOf, retryJob, RetryRefusedError } from '../../src/features/jobs/api/jobs.api.ts';
import * as v from 'valibot';
import { JobResponse, type JobResponse as Job } from '../../contract/jobs.ts';
import { jobOf } from './helpers/api-server.ts';

const job = (over: Partial<Job>): Job =>
  jobOf({
    id: 'j42',
    original_filename: 'interview.final.mp4',
    services_requested: ['subtitle', 'voice_over'],
    status: 'completed',
    credits_used: 4,
    ...over,
  });

describe('download names', () => {
  it('video: {name}_{lang}.srt/.vtt/.mp3/.mp4 per language', () => {
    const files = outputFilesOf(
      job({
        output_files: {
          es: { subtitle: { srt_url: 'u1', vtt_url: 'u2' }, voice_over: { voice_over_url: 'u3', video_url: 'u4' } },
          fr: { subtitle: { vtt_url: 'u5' } },
        },
      }),
    );
    expect(files.map((f) => f.filename)).toEqual([
      'interview.final_es.srt',
      'interview.final_es.vtt',
      'interview.final_es.mp3',
      'interview.final_es.mp4',
      'interview.final_fr.vtt',
    ]);
  });

  it('documents: {name without extension}__{lang}.{ext}, the extension from the key', () => {
    const files = outputFilesOf(
      job({
        job_type: 'document_translation',
        original_filename: 'contract.docx',
        output_files: { de: { docx_url: 'u1' }, es: { xlsx_url: 'u2' } },
      }),
    );
    expect(files.map((f) => [f.filename, f.ext])).toEqual([
      ['contract__de.docx', 'docx'],
      ['contract__es.xlsx', 'xlsx'],
    ]);
  });

  it("keeps every output URL through the contract's answer schema (documents and media)", () => {
    const doc = v.parse(
      JobResponse,
      job({ job_type: 'document_translation', original_filename: 'c.docx', output_files: { de: { docx_url: 'u1' } } }),
    );
    expect(outputFilesOf(doc).map((f) => [f.filename, f.kind, f.url])).toEqual([['c__de.docx', 'document', 'u1']]);
    const media = v.parse(JobResponse, job({ output_files: { es: { subtitle: { vtt_url: 'u2' } } } }));
    expect(outputFilesOf(media).map((f) => [f.kind, f.url])).toEqual([['subtitle_vtt', 'u2']]);
  });

  it('lists a stale render after the current files, marked with its revision and how it is updated', () => {
    const files = outputFilesOf(
      v.parse(
        JobResponse,
        job({
          tracks_revision: 3,
          output_files: { es: { subtitle: { srt_url: 'srt3' } } },
          outputs: [
            { language: 'es', kind: 'voice_over_mp3', filename: 'x.mp3', revision: 2, stale: true, url: 'mp3r2' },
            { language: 'es', kind: 'subtitle_srt', filename: 'x.srt', revision: 3, stale: false, url: 'srt3' },
            { language: 'es', kind: 'subtitled_mp4', filename: 'x.mp4', revision: 2, stale: true, url: 'mp4r2' },
          ],
        }),
      ),
    );
    expect(files.map((f) => [f.url, f.stale ?? null])).toEqual([
      ['srt3', null],
      ['mp3r2', { revision: 2, path: 'voice' }],
      ['mp4r2', { revision: 2, path: 'picture' }],
    ]);
    expect(files[2].filename).toBe('interview.final_es_subtitled.mp4');
  });

  it('falls back to job_{id} without a file name', () => {
    expect(
      outputFilesOf(job({ original_filename: '', output_files: { es: { subtitle: { vtt_url: 'u' } } } }))[0].filename,
    ).toBe('job_j42_es.vtt');
  });
});

describe('retry', () => {
  it('is refused without the source file', () => {
    expect(() => retryJob(job({ source_file_url: '' }))).toThrow(RetryRefusedError);
    expect(() => retryJob(job({ source_file_url: '' }))).toThrow('Unable to retry: missing job data');
  });
});
