/**
 * What one try of a job makes, in its work folder: a document job's translated .docx files (document-translator.ts)
 * or a media job's subtitles, voice-over and editor tracks (media/pipeline.ts), with the job's notes and voices.
 * Nothing is stored or charged here: job-runner.ts stores the outputs and settles the credits.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { safeFileName } from '../../../../contract/text-hygiene.ts';
import type { JobNote, JobStage, OutputKind } from '../../../../contract/jobs.ts';
import { languageLabel } from '../../../../contract/languages.ts';
import { defaultSpeakerName } from '../../../../contract/speakers.ts';
import type { AppContext } from '../../context.ts';
import type { StoredTracks } from '../../db/schema/index.ts';
import { translateDocumentInThread } from '../../documents/document-thread.ts';
import type { EnginePlan } from '../../engines/engine.registry.ts';
import { jobArtifactPrefix, storageArtifacts } from '../../media/artifacts.ts';
import { MediaError } from '../../media/media-error.ts';
import { runMediaPipeline } from '../../media/pipeline.ts';
import { findUpload } from '../uploads/upload.repository.ts';
import type * as repo from './job.repository.ts';

/** One output file in the work folder: `path` local, `filename` what the user downloads. */
export type OutputFile = { language: string; kind: OutputKind; path: string; filename: string; contentType: string };

/**
 * Makes the outputs of `job` from the local `input` into `outDir`, reporting `(stage, percent)` as it goes.
 * @returns the output files, the job's notes, the voices used per language, the settled source language, the
 *   editor's first tracks (null for documents) and the dub segments (null without voice-over).
 * @throws MediaError (SOURCE_DELETED when the user's own words file is gone, and the pipeline's codes),
 *   DocumentError, the engines' errors; the signal's reason when aborted.
 */
export async function produceOutputs(
  ctx: AppContext,
  job: repo.JobRow,
  plan: EnginePlan,
  input: string,
  outDir: string,
  signal: AbortSignal,
  report: (stage: JobStage, progress: number) => void,
) {
  const baseName =
    path.parse(job.originalFilename.startsWith('http') ? 'youtube' : safeFileName(job.originalFilename)).name || 'file';
  if (job.jobType === 'document_translation') {
    // On a worker thread: its CPU work never holds this process's event loop (the API's, in the embedded default).
    const result = await translateDocumentInThread({
      inputPath: input,
      filename: job.originalFilename,
      from: job.sourceLanguage,
      to: job.targetLanguages,
      outDir,
      engineFor: plan.translationFor,
      glossary: job.glossary ?? undefined,
      signal,
      onProgress: (percent) => report('translating', percent),
      batching: ctx.config.engines.translationBatches,
    });
    return {
      outputs: result.outputs.map((o): OutputFile => ({ ...o, kind: 'document' })),
      // The glossary check of the document: paragraphs missing a term's required rendering, per language.
      notes: Object.entries(result.glossaryMisses).map(([language, paragraphs]): JobNote => ({
        code: 'GLOSSARY_TERMS_MISSING',
        text: `${languageLabel(language)}: ${paragraphs} paragraphs lack the translation your glossary asks for.`,
        params: { language, paragraphs },
      })),
      voices: {},
      sourceLanguage: job.sourceLanguage,
      tracks: null,
      dubSegments: null,
    };
  }
  const ownWords = job.sourceWordsUploadId ? await findUpload(ctx.db, job.sourceWordsUploadId) : undefined;
  if (job.sourceWordsUploadId && (!ownWords || ownWords.status !== 'complete')) throw new MediaError('SOURCE_DELETED');
  const run = (wordsPath?: string) =>
    runMediaPipeline(
      {
        inputPath: input,
        ownWords:
          ownWords && wordsPath
            ? {
                path: wordsPath,
                extension: path.extname(ownWords.filename).slice(1).toLowerCase(),
                charset: ownWords.declaredCharset ?? undefined,
              }
            : undefined,
        subtitleStyle: job.subtitleStyle ?? undefined,
        numSpeakers: job.numSpeakers ?? undefined,
        keepVoicesNatural: job.keepVoicesNatural,
        glossary: job.glossary ?? undefined,
        voiceClone: job.voiceClone,
        removeOriginalSpeech: job.removeOriginalSpeech,
        sourceLanguage: job.sourceLanguage,
        targetLanguages: job.targetLanguages,
        services: job.servicesRequested,
        voiceMode: job.voiceOverMode ?? 'dubbing',
        voices: job.voices,
        baseName,
        outDir,
        signal,
        onProgress: (p) => report(p.stage, p.progress),
        // Saved with the job: a retried try resumes after its last finished stage; the editor reads them.
        artifacts: storageArtifacts(ctx.storage, jobArtifactPrefix(job.userId, job.id)),
      },
      plan,
    );
  const result = ownWords
    ? await ctx.storage.withLocalFile(ownWords.storageKey, path.dirname(input), run)
    : await run();
  // The editor's first revision: every cue gets a stable id (text = its lines joined by a line break).
  // A cue keeps its speaker; the speakers (issue 19) get their default names and the voices the dub gave them.
  const trackOf = (cues: typeof result.tracks.source) =>
    cues.map((c) => ({
      id: crypto.randomUUID(),
      start: c.start,
      end: c.end,
      text: c.lines.join('\n'),
      ...(c.speaker ? { speaker: c.speaker } : {}),
    }));
  const tracks: StoredTracks = {
    source: { language: result.sourceLanguage, cues: trackOf(result.tracks.source) },
    targets: Object.fromEntries(
      Object.entries(result.tracks.targets).map(([lang, cues]) => [lang, { cues: trackOf(cues) }]),
    ),
    speakers: (result.speakers ?? []).map((sp) => ({
      id: sp.id,
      name: defaultSpeakerName(sp.id),
      voices: Object.fromEntries(
        Object.entries(result.speakerVoices ?? {}).flatMap(([lang, v]) => (v[sp.id] ? [[lang, v[sp.id]]] : [])),
      ),
    })),
  };
  return {
    outputs: result.outputs as OutputFile[],
    notes: result.notes,
    voices: result.voices,
    sourceLanguage: result.sourceLanguage,
    tracks,
    dubSegments: job.servicesRequested.includes('voice_over') ? result.dubSegments : null,
  };
}
