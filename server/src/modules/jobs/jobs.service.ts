/**
 * Job calls: estimate, submit (price from the real media or words, credits reserved in the transaction that
 * creates the job, enqueued after commit), list, read, status and delete. Every read is scoped to the owner: any
 * other id answers 404.
 */
import { startersOf } from '../teams/team.repository.ts';
import type { AppContext } from '../../context.ts';
import { AppError, appErrorOf, CodedError } from '../../errors.ts';
import { balanceOf, reserveForNewJob } from '../credits/ledger.repository.ts';
import { AUTO_LANGUAGE, normaliseLanguage } from '../../../../contract/languages.ts';
import { identifyLanguage } from '../../media/language-id.ts';
import { decodeWordsFile, readSourceWords } from '../../media/subtitle-import.ts';
import { checkOwnWords, checkOwnWordsBytes } from '../../media/own-words-limits.ts';
import { resolveUserUpload, uploadIdOfFileUrl } from '../uploads/uploads.service.ts';
import type { UploadRow } from '../uploads/upload.repository.ts';
import type { LinkHolder } from '../../storage/file-storage.ts';
import type {
  DocumentJobRequest,
  EstimateRequest,
  MediaService,
  TranslateJobRequest,
} from '../../../../contract/jobs.ts';
import { priceDocument, priceMedia, type Price } from './pricing.ts';
import { isYoutubeUrl, youtubeDuration, YoutubeError } from './youtube.adapter.ts';
import { presentJob, presentJobs, type JobResponse } from './job.presenter.ts';
import * as repo from './job.repository.ts';
import { queuePriorityOf } from './job-priority.ts';
import { checkMediaRequest, chooseEngines, isAudioOnly, type Source } from './media-request.checks.ts';
import { glossarySnapshot } from '../glossary/glossary.service.ts';

type Ctx = Pick<
  AppContext,
  'db' | 'storage' | 'secret' | 'config' | 'logger' | 'queue' | 'engines' | 'jobLists' | 'runs'
>;

/** Finished jobs stay in GET /v1/jobs/status this long, so a poller sees them finish (milliseconds). */
const RECENT_MS = 10 * 60 * 1000;

/**
 * Resolves a media_url: a file_url of the user's own upload, or a YouTube link (duration read without
 * downloading). Nothing else is accepted, so the server never fetches an address a user chose.
 */
async function resolveSource(ctx: Ctx, userId: string, mediaUrl: string): Promise<Source> {
  if (uploadIdOfFileUrl(mediaUrl)) return { kind: 'upload', upload: await resolveUserUpload(ctx, userId, mediaUrl) };
  if (isYoutubeUrl(mediaUrl)) {
    try {
      return {
        kind: 'youtube',
        url: mediaUrl,
        seconds: await youtubeDuration(mediaUrl, ctx.config.app.jobs.youtubeMaxSeconds),
      };
    } catch (err) {
      if (err instanceof YoutubeError) throw new AppError('YOUTUBE_UNAVAILABLE', err.message);
      throw err;
    }
  }
  throw new AppError('MEDIA_URL_NOT_ACCEPTED');
}

function unique(codes: string[]): string[] {
  return [...new Set(codes.map((c) => c.trim().toLowerCase()))];
}

/**
 * The target languages of a media request as the pipeline makes them: one base code per language (`es`, `es-ES`
 * and `es-MX` make one Spanish output, so they are priced once: issue 24, item 6). Documents keep regional
 * codes (a translation engine may tell en-GB from en-US).
 */
function mediaTargets(codes: string[]): string[] {
  return [...new Set(codes.map(normaliseLanguage))];
}

function mediaSecondsOf(source: Source): number {
  if (source.kind === 'youtube') return source.seconds;
  if (source.upload.kind !== 'media') throw new AppError('NOT_A_MEDIA_FILE');
  return source.upload.durationSeconds ?? 0;
}

/** The extension of an upload's file name, lower case ('' when none). */
const extensionOf = (filename: string) => (filename.includes('.') ? filename.split('.').pop()!.toLowerCase() : '');

function documentOf(source: Source): UploadRow {
  // A .txt upload is a transcript for a media job's source_subtitles_url, not a document to translate.
  if (source.kind !== 'upload' || source.upload.kind !== 'document' || extensionOf(source.upload.filename) === 'txt') {
    throw new AppError('NOT_A_DOCUMENT');
  }
  return source.upload;
}

/** POST /v1/jobs/estimate: the price submission would charge, from the same rules and the same media. */
export async function estimate(ctx: Ctx, userId: string, req: EstimateRequest) {
  const source = await resolveSource(ctx, userId, req.media_url);
  const targets = req.services_to_run.includes('document')
    ? unique(req.target_languages)
    : mediaTargets(req.target_languages);
  const balance = await balanceOf(ctx.db, userId);
  if (req.services_to_run.includes('document')) {
    const doc = documentOf(source);
    const price = priceDocument(doc.wordCount ?? 0, targets);
    return { credits: price.credits, balance, word_count: doc.wordCount ?? 0, breakdown: price.breakdown };
  }
  const seconds = mediaSecondsOf(source);
  const services = req.services_to_run.filter((s): s is MediaService => s !== 'document');
  // The submission's own checks: a quote is refused exactly where the job would be (issue 35 item 11).
  checkMediaRequest(ctx, source, {
    sourceLanguage: req.source_language ?? AUTO_LANGUAGE,
    languageNamed: req.source_language !== undefined,
    targets,
    services,
    ownWords: false,
    voiceClone: services.includes('voice_over') && !!req.voice_clone,
  });
  const price = priceMedia(seconds, targets, services, req.source_language, !!req.voice_clone);
  return { credits: price.credits, balance, media_seconds: seconds, breakdown: price.breakdown };
}

/** Reserves and inserts in one transaction, then enqueues (a failed send is re-sent by the recovery sweep). */
async function createAndEnqueue(
  ctx: Ctx,
  userId: string,
  price: Price,
  row: Omit<repo.NewJob, 'userId' | 'creditsReserved'>,
): Promise<JobResponse> {
  // The owner's glossary as it is now: later edits do not change this job (issue 20 item 4).
  const glossary = await glossarySnapshot(ctx.db, userId);
  const job = await reserveForNewJob(ctx.db, userId, price.credits, (tx) =>
    repo.insertJob(tx, { ...row, glossary, userId, creditsReserved: price.credits }),
  );
  ctx.jobLists.invalidate(userId);
  const name = job.jobType === 'document_translation' ? 'document.translate' : 'media.translate';
  await queuePriorityOf(ctx.db, userId, job.id)
    .then((priority) => ctx.queue.send(name, { version: 1, jobId: job.id }, { singletonKey: job.id, priority }))
    .catch((err) => ctx.logger.error({ err, jobId: job.id }, 'enqueue failed; the recovery sweep will retry'));
  return presentJob(ctx.storage, job, [], await startersOf(ctx.db, job.startedBy ? [job.startedBy] : []));
}

/**
 * POST /v1/jobs/translate. The chosen voices are checked against the configured engines and kept with the job.
 * @throws AppError 400 (bad source, no engine, voice not available, BURN_IN_NEEDS_VIDEO for an audio file,
 *   SEPARATION_NOT_AVAILABLE for remove_original_speech without a separation engine), 404 (not the user's file), 402
 *   `{ price, balance }`, 422 (YouTube unreadable).
 */
export async function submitMedia(
  ctx: Ctx,
  userId: string,
  req: TranslateJobRequest,
  startedBy?: string,
): Promise<JobResponse> {
  const targets = mediaTargets(req.target_languages);
  const voiceOver = req.services_to_run.includes('voice_over');
  const source = await resolveSource(ctx, userId, req.media_url);
  const seconds = mediaSecondsOf(source);
  const voiceClone = voiceOver && !!req.voice_clone;
  if (voiceClone && req.voice_clone_consent !== true) throw new AppError('VOICE_CLONE_CONSENT_REQUIRED');
  const ownWords = req.source_subtitles_url ? await ownWordsOf(ctx, userId, req, seconds) : null;
  // With the user's own words on Auto-detect, the language their text is written in.
  const sourceLanguage = ownWords?.language ?? req.source_language;
  // Issue 21 item 4: the dub over the background needs a separation engine; no extra price (the spec names none).
  const removeOriginalSpeech = voiceOver && req.remove_original_speech === true;
  const plan = checkMediaRequest(ctx, source, {
    sourceLanguage,
    languageNamed: true,
    targets,
    services: req.services_to_run,
    voiceMode: req.voice_over_mode,
    voices: req.voices,
    ownWords: !!ownWords,
    voiceClone,
    removeOriginalSpeech,
  });
  const chosenVoices = Object.fromEntries(
    Object.entries(plan.voices)
      .filter(([, choice]) => choice.chosen)
      .map(([language, choice]) => [language, choice.id]),
  );
  const price = priceMedia(seconds, targets, req.services_to_run, sourceLanguage, voiceClone);
  return createAndEnqueue(ctx, userId, price, {
    jobType: 'video_translation',
    servicesRequested: [...new Set(req.services_to_run)],
    sourceLanguage,
    targetLanguages: targets,
    voiceOverMode: voiceOver ? req.voice_over_mode : null,
    voices: chosenVoices,
    originalFilename: source.kind === 'upload' ? source.upload.filename : source.url,
    sourceFileUrl: req.media_url,
    uploadId: source.kind === 'upload' ? source.upload.id : null,
    mediaSeconds: seconds,
    sourceWordsUploadId: ownWords?.upload.id ?? null,
    subtitleStyle: req.subtitle_style ?? null,
    numSpeakers: req.num_speakers ?? null,
    // Only a dubbed video can be slowed: ignored (stored false) without voice-over or for a file with no picture.
    keepVoicesNatural:
      req.keep_voices_natural === true && voiceOver && !(source.kind === 'upload' && isAudioOnly(source.upload)),
    voiceClone,
    voiceCloneConsentAt: voiceClone ? new Date() : null,
    // Ignored (stored false) without voice-over: there is no dub to mix over the background.
    removeOriginalSpeech,
    startedBy: startedBy ?? null,
  });
}

/**
 * The upload named by `source_subtitles_url` (the user's .srt, .vtt or .txt; its content was checked at upload),
 * checked against the bounds of own words on media of `mediaSeconds` (own-words-limits.ts) and, when the source is
 * 'auto', the language its text is written in (language-id.ts).
 * @throws AppError SOURCE_LANGUAGE_REQUIRED (source 'auto' and the text too short or in no studio language),
 *   NOT_A_WORDS_FILE, OWN_WORDS_TOO_LARGE / OWN_WORDS_TOO_MANY_CUES / OWN_WORDS_CUE_TOO_LONG /
 *   OWN_WORDS_TOO_MUCH_TEXT (422),
 *   UPLOAD_NOT_FOUND / UPLOAD_EXPIRED / UPLOAD_INCOMPLETE as for media_url.
 */
async function ownWordsOf(
  ctx: Ctx,
  userId: string,
  req: TranslateJobRequest,
  mediaSeconds: number,
): Promise<{ upload: UploadRow; language?: string }> {
  const words = await resolveSource(ctx, userId, req.source_subtitles_url!);
  if (
    words.kind !== 'upload' ||
    words.upload.kind !== 'document' ||
    !['srt', 'vtt', 'txt'].includes(extensionOf(words.upload.filename))
  )
    throw new AppError('NOT_A_WORDS_FILE');
  let text: string;
  try {
    checkOwnWordsBytes(words.upload.sizeBytes ?? 0);
    const bytes = Buffer.concat(await (await ctx.storage.read(words.upload.storageKey)).toArray());
    checkOwnWordsBytes(bytes.length);
    const read = readSourceWords(
      decodeWordsFile(bytes, words.upload.declaredCharset ?? undefined),
      extensionOf(words.upload.filename),
    );
    checkOwnWords(read, mediaSeconds);
    text = read.kind === 'cues' ? read.cues.flatMap((c) => c.lines).join(' ') : read.text;
  } catch (err) {
    // Checked at upload already; a file that no longer reads gets the reader's own code.
    throw err instanceof CodedError ? appErrorOf(err) : err;
  }
  if (req.source_language !== AUTO_LANGUAGE) return { upload: words.upload };
  const language = identifyLanguage(text);
  if (!language)
    throw new AppError(
      'SOURCE_LANGUAGE_REQUIRED',
      'The language of source_subtitles_url could not be identified from its text: name it in source_language.',
    );
  return { upload: words.upload, language };
}

/** POST /v1/documents/translate. @throws as submitMedia. */
export async function submitDocument(
  ctx: Ctx,
  userId: string,
  req: DocumentJobRequest,
  startedBy?: string,
): Promise<JobResponse> {
  const targets = unique(req.target_languages);
  const doc = documentOf(await resolveSource(ctx, userId, req.media_url));
  const from = normaliseLanguage(req.source_language);
  if (targets.some((t) => normaliseLanguage(t) === from))
    throw new AppError(
      'SAME_LANGUAGE',
      `The document is already in ${req.source_language}: choose another target language.`,
    );
  chooseEngines(ctx, { sourceLanguage: from, targetLanguages: targets, services: ['document'] });
  const price = priceDocument(doc.wordCount ?? 0, targets);
  return createAndEnqueue(ctx, userId, price, {
    jobType: 'document_translation',
    servicesRequested: ['document'],
    sourceLanguage: req.source_language,
    targetLanguages: targets,
    voiceOverMode: null,
    originalFilename: doc.filename,
    sourceFileUrl: req.media_url,
    uploadId: doc.id,
    wordCount: doc.wordCount,
    startedBy: startedBy ?? null,
  });
}

/**
 * Who reads jobs (issue 38 item 2): `accountId` is the account they act for (the team owner's id in a team),
 * `userId` themselves, `inTeam` whether they are in a team. A member sees the team's jobs and their own.
 */
export interface JobReader {
  userId: string;
  accountId: string;
  inTeam: boolean;
}

/** The accounts whose jobs the reader sees, the acting account first. */
export const readerAccounts = (r: JobReader): string[] =>
  r.accountId === r.userId ? [r.userId] : [r.accountId, r.userId];

/** JobResponse.scope of a job for its reader: 'team' for the team account's jobs, else 'personal'. */
const scopeFor = (r: JobReader, job: repo.JobRow) =>
  r.inTeam && job.userId === r.accountId ? ('team' as const) : ('personal' as const);

/**
 * The reader's jobs (the team's and their own), newest first, at most `limit`; `holder`: the team member the
 * download links are for (see presentJobs).
 */
export async function listJobs(
  ctx: Ctx,
  reader: JobReader,
  limit: number,
  holder?: LinkHolder,
): Promise<JobResponse[]> {
  const rows = await repo.listUserJobs(ctx.db, readerAccounts(reader), limit);
  const done = rows.filter((r) => r.status === 'completed').map((r) => r.id);
  const starters = await startersOf(
    ctx.db,
    rows.flatMap((r) => (r.startedBy ? [r.startedBy] : [])),
  );
  const shown = await presentJobs(ctx.storage, rows, await repo.outputsOf(ctx.db, done), starters, holder);
  return shown.map((job, i) => ({ ...job, scope: scopeFor(reader, rows[i]) }));
}

/** A string that changes whenever the reader's job list does (see repo.listVersion). */
export function listVersion(ctx: Ctx, reader: JobReader): Promise<string> {
  return repo.listVersion(ctx.db, readerAccounts(reader));
}

/** One of the reader's jobs (the team's or their own); `holder` as listJobs. @throws AppError JOB_NOT_FOUND otherwise. */
export async function getJob(ctx: Ctx, reader: JobReader, id: string, holder?: LinkHolder): Promise<JobResponse> {
  const job = await repo.findUserJob(ctx.db, readerAccounts(reader), id);
  if (!job) throw new AppError('JOB_NOT_FOUND');
  const starters = await startersOf(ctx.db, job.startedBy ? [job.startedBy] : []);
  return {
    ...(await presentJob(ctx.storage, job, await repo.outputsOf(ctx.db, [id]), starters, holder)),
    scope: scopeFor(reader, job),
  };
}

/** Whether the account `userId` has the job `id` (any status). */
export async function jobExists(ctx: Ctx, userId: string, id: string): Promise<boolean> {
  return /^[0-9a-f-]{36}$/i.test(id) && !!(await repo.findUserJob(ctx.db, userId, id));
}

/** GET /v1/jobs/status for the reader: their unfinished jobs and those finished in the last RECENT_MS. */
export async function jobStatuses(ctx: Ctx, reader: JobReader) {
  const rows = await repo.listActiveUserJobs(ctx.db, readerAccounts(reader), new Date(Date.now() - RECENT_MS));
  return {
    jobs: rows.map((r) => ({
      id: r.id,
      status: r.status,
      progress: r.progress,
      stage: r.stage,
      error: r.error,
      error_code: r.errorCode,
    })),
  };
}
