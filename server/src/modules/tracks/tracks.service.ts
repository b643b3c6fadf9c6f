/**
 * The editor's calls: read the tracks of a completed media job, save a revision (every output brought up to it by
 * the render graph, renders/render.service.ts: SRT/VTT at once, the burnt-in video by a render run, the dub marked
 * stale until a re-dub), translate the source again, estimate and start a re-dub, list and restore revisions. Every call is
 * scoped to the job's owner (others get 404). Editing, translating again and re-rendering are free; a re-dub
 * costs the voice-over rate for the changed segments' seconds (docs/api.md "Editing tracks").
 */
import crypto from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { rulesFor } from '../../../../contract/cue-rules.ts';
import { normaliseLanguage } from '../../../../contract/languages.ts';
import type {
  RevisionsResponse,
  SaveTracksRequest,
  TrackCue,
  TracksResponse,
  TranslateAgainRequest,
} from '../../../../contract/tracks.ts';
import type { StoredTracks } from '../../db/schema/index.ts';
import { NoEngineError } from '../../engines/engine.registry.ts';
import { jobArtifactPrefix, storageArtifacts } from '../../media/artifacts.ts';
import { cutCues, type TimedWord } from '../../media/cue-cutter.ts';
import { translateSentences } from '../../media/translation-fit.ts';
import { countWords } from '../../documents/word-count.ts';
import { reserveExtra, settleExtra } from '../credits/ledger.repository.ts';
import { priceDocument } from '../jobs/pricing.ts';
import * as jobsRepo from '../jobs/job.repository.ts';
import { renderAfterSave } from '../renders/render.service.ts';
import * as repo from './tracks.repository.ts';
import { checkTrack, cueSync, warningsOf } from './track-cues.ts';
import { syncArtifact, type SavedSync } from '../../media/sync-report.ts';
import { glossaryFlagsOf } from './track-glossary.ts';
import { glossaryRules } from '../../../../contract/glossary.ts';
import { engineFailure } from '../../engines/engine-failure.ts';

/** What the tracks services use of the app context. */
export type Ctx = Pick<AppContext, 'db' | 'storage' | 'engines' | 'queue' | 'logger' | 'config' | 'jobLists' | 'runs'>;

/** The user's media job that has tracks. @throws AppError JOB_NOT_FOUND, TRACKS_NOT_READY */
export async function jobWithTracks(ctx: Ctx, userId: string, jobId: string): Promise<jobsRepo.JobRow> {
  const job = await jobsRepo.findUserJob(ctx.db, userId, jobId);
  if (!job) throw new AppError('JOB_NOT_FOUND');
  if (job.jobType !== 'video_translation' || job.tracksRevision === null) throw new AppError('TRACKS_NOT_READY');
  return job;
}

/** @throws AppError JOB_BUSY while a re-dub waits or runs. */
export function requireIdle(job: jobsRepo.JobRow): void {
  if (job.status !== 'completed') throw new AppError('JOB_BUSY');
}

/** The job's latest tracks revision. */
export async function latestTracks(ctx: Ctx, job: jobsRepo.JobRow): Promise<StoredTracks> {
  const row = await repo.findRevision(ctx.db, job.id, job.tracksRevision!);
  if (!row) throw new Error(`job ${job.id} has no row for its revision ${job.tracksRevision}`);
  return row.tracks;
}

function present(revision: number, tracks: StoredTracks, job: jobsRepo.JobRow): TracksResponse {
  return {
    revision,
    source: tracks.source,
    targets: tracks.targets,
    speakers: tracks.speakers ?? [],
    warnings: warningsOf(tracks),
    glossary: glossaryFlagsOf(tracks, job.glossary),
  };
}

/**
 * Checks the speakers of tracks about to be saved (issue 19): ids used once, each voice one of its target language's
 * voices (GET /v1/capabilities; an espeak-ng voice may carry `@<pitch>`), every cue's speaker in the list.
 * @throws AppError VALIDATION_FAILED naming the field; UNKNOWN_SPEAKER `{ track, cue_id, speaker }` for a cue
 *   naming a speaker who is not in `speakers`.
 */
function checkSpeakers(ctx: Ctx, tracks: StoredTracks): void {
  const refuse = (field: string, message: string): never => {
    throw new AppError('VALIDATION_FAILED', `${field}: ${message}.`, { fields: { [field]: message } });
  };
  const ids = new Set<string>();
  for (const [i, sp] of (tracks.speakers ?? []).entries()) {
    if (ids.has(sp.id)) refuse(`speakers.${i}.id`, `speaker id ${sp.id} is used twice`);
    ids.add(sp.id);
    for (const [lang, voice] of Object.entries(sp.voices)) {
      if (!tracks.targets[lang]) refuse(`speakers.${i}.voices.${lang}`, `${lang} is not a target language of this job`);
      if (!ctx.engines.findVoice(lang, voice.replace(/@\d{1,2}$/, '')))
        refuse(`speakers.${i}.voices.${lang}`, `${voice} is not a voice of ${lang}`);
    }
  }
  const all: [string, TrackCue[]][] = [
    ['source', tracks.source.cues],
    ...Object.entries(tracks.targets).map(([l, t]): [string, TrackCue[]] => [l, t.cues]),
  ];
  for (const [track, cues] of all)
    for (const c of cues)
      if (c.speaker && !ids.has(c.speaker))
        throw new AppError(
          'UNKNOWN_SPEAKER',
          `Cue ${c.id} of the ${track} track names speaker ${c.speaker}, who is not in the speakers: add them to speakers or give the cue one of theirs.`,
          { track, cue_id: c.id, speaker: c.speaker },
        );
}

/** `res` with every dubbed target's sync per cue (the job's sync artifacts, sync-report.ts; issue 20 item 1). */
async function withSync(ctx: Ctx, job: jobsRepo.JobRow, res: TracksResponse): Promise<TracksResponse> {
  if (!job.servicesRequested.includes('voice_over')) return res;
  const artifacts = storageArtifacts(ctx.storage, jobArtifactPrefix(job.userId, job.id));
  const targets: TracksResponse['targets'] = {};
  for (const [lang, t] of Object.entries(res.targets)) {
    const sync = cueSync(t.cues, lang, await artifacts.readJson<SavedSync>(syncArtifact(lang)));
    targets[lang] = sync ? { ...t, sync } : t;
  }
  return { ...res, targets };
}

/** The job's target language (base code) for `code`. @throws AppError VALIDATION_FAILED */
export function targetOf(tracks: StoredTracks, code: string, field: string): string {
  const lang = normaliseLanguage(code);
  if (!tracks.targets[lang])
    throw new AppError('VALIDATION_FAILED', `${field}: ${code} is not a target language of this job.`, {
      fields: { [field]: `${code} is not a target language of this job` },
    });
  return lang;
}

/**
 * Saves `tracks` as the revision after `loaded` (whose tracks are `previous`) and brings the job's outputs up to
 * it through the render graph (renders/render.service.ts).
 * @throws AppError REVISION_CONFLICT `{ revision }` (the latest) or JOB_BUSY when another save or a re-dub won.
 */
async function saveRevision(
  ctx: Ctx,
  job: jobsRepo.JobRow,
  loaded: number,
  origin: 'edit' | 'translate_again' | 'restore',
  tracks: StoredTracks,
  previous: StoredTracks,
): Promise<TracksResponse> {
  const revision = await repo.insertRevision(ctx.db, job.id, loaded, origin, tracks);
  if (revision === null) {
    const now = await jobsRepo.findJob(ctx.db, job.id);
    if (now && now.status !== 'completed') throw new AppError('JOB_BUSY');
    throw new AppError('REVISION_CONFLICT', undefined, { revision: now?.tracksRevision ?? loaded });
  }
  // Every output follows the new revision: rendered again, marked stale for its render run or re-dub, or current.
  await renderAfterSave(ctx, job, revision, tracks, previous);
  return withSync(ctx, job, present(revision, tracks, job));
}

/** GET /v1/jobs/{id}/tracks. @throws AppError JOB_NOT_FOUND, TRACKS_NOT_READY */
export async function getTracks(ctx: Ctx, userId: string, jobId: string): Promise<TracksResponse> {
  const job = await jobWithTracks(ctx, userId, jobId);
  return withSync(ctx, job, present(job.tracksRevision!, await latestTracks(ctx, job), job));
}

/**
 * PUT /v1/jobs/{id}/tracks: revision N -> N+1 from the tracks given (others unchanged); SRT/VTT re-rendered.
 * @throws AppError REVISION_CONFLICT, INVALID_CUE, VALIDATION_FAILED, JOB_BUSY, JOB_NOT_FOUND, TRACKS_NOT_READY
 */
export async function saveTracks(
  ctx: Ctx,
  userId: string,
  jobId: string,
  req: SaveTracksRequest,
): Promise<TracksResponse> {
  const job = await jobWithTracks(ctx, userId, jobId);
  requireIdle(job);
  if (req.revision !== job.tracksRevision)
    throw new AppError('REVISION_CONFLICT', undefined, { revision: job.tracksRevision });
  const current = await latestTracks(ctx, job);
  const next: StoredTracks = { ...current, targets: { ...current.targets } };
  if (req.speakers) next.speakers = req.speakers;
  if (req.source)
    next.source = {
      language: current.source.language,
      cues: checkTrack('source', req.source.cues, job.mediaSeconds),
    };
  for (const [code, t] of Object.entries(req.targets ?? {})) {
    const lang = targetOf(current, code, `targets.${code}`);
    next.targets[lang] = { cues: checkTrack(lang, t.cues, job.mediaSeconds) };
  }
  checkSpeakers(ctx, next);
  return saveRevision(ctx, job, req.revision, 'edit', next, current);
}

/** Words of a cue with times spread over the cue in proportion to their characters. */
function wordsOf(c: TrackCue): TimedWord[] {
  const words = c.text.split(/\s+/).filter(Boolean);
  const total = words.reduce((n, w) => n + w.length, 0) || 1;
  let acc = 0;
  return words.map((w) => {
    const start = c.start + ((c.end - c.start) * acc) / total;
    acc += w.length;
    return { text: w, start, end: c.start + ((c.end - c.start) * acc) / total, speaker: c.speaker };
  });
}

/**
 * Source cues grouped into sentences (a sentence ends with . ! ? …, or where the speaker changes), each with the
 * ids of its cues.
 */
function sentencesOf(cues: TrackCue[]): { words: TimedWord[]; ids: string[] }[] {
  const out: { words: TimedWord[]; ids: string[] }[] = [];
  let open: { words: TimedWord[]; ids: string[] } | null = null;
  for (const c of cues) {
    if (open && open.words.at(-1)?.speaker !== c.speaker) {
      out.push(open);
      open = null;
    }
    open ??= { words: [], ids: [] };
    open.words.push(...wordsOf(c));
    open.ids.push(c.id);
    if (/[.!?…。！？؟]["'»”)]*$/u.test(c.text.trim())) {
      out.push(open);
      open = null;
    }
  }
  if (open?.words.length) out.push(open);
  return out.filter((s) => s.words.length);
}

/**
 * POST /v1/jobs/{id}/translate-again: the current source cues (all, or the sentences holding `cue_ids`) translated
 * again into each language and cut into cues by rule; target cues in the time of those sentences are replaced.
 * Charged as a document of those sentences' words per language (pricing.ts priceDocument).
 * @throws AppError NO_ENGINE, ENGINE_FAILED (or ENGINE_QUOTA_EXCEEDED, ENGINE_INPUT_TOO_LARGE, ENGINE_REFUSED),
 *   JOB_BUSY, VALIDATION_FAILED, JOB_NOT_FOUND, TRACKS_NOT_READY, PAYMENT_REQUIRED `{ price, balance }`
 */
export async function translateAgain(
  ctx: Ctx,
  userId: string,
  jobId: string,
  req: TranslateAgainRequest,
): Promise<TracksResponse> {
  const job = await jobWithTracks(ctx, userId, jobId);
  requireIdle(job);
  const loaded = job.tracksRevision!;
  const current = await latestTracks(ctx, job);
  const source = current.source.language;
  const languages = [...new Set(req.languages.map((c) => targetOf(current, c, 'languages')))];
  let plan;
  try {
    plan = ctx.engines.choose({ sourceLanguage: source, targetLanguages: languages, services: ['document'] });
  } catch (err) {
    if (err instanceof NoEngineError) throw new AppError('NO_ENGINE', err.message, { problems: err.problems });
    throw err;
  }
  const wanted = req.cue_ids ? new Set(req.cue_ids) : null;
  const sentences = sentencesOf(current.source.cues).filter((s) => !wanted || s.ids.some((id) => wanted.has(id)));
  // Priced like a document of the same words (issue 24, item 8: it was free and unlimited, and the operator pays
  // DeepL or OpenAI): reserved now, charged when the revision is saved, given back on a failure.
  const words = countWords(sentences.map((s) => s.words.map((w) => w.text).join(' ')).join('\n'));
  const price = sentences.length ? priceDocument(words, languages).credits : 0;
  const ref = `translate-again:${jobId}:${crypto.randomUUID()}`;
  if (price > 0) await reserveExtra(ctx.db, userId, jobId, ref, price, async () => true);
  try {
    const saved = await translateInto(ctx, job, current, languages, sentences, plan, loaded);
    if (price > 0) await settleExtra(ctx.db, userId, ref, 'charge');
    return saved;
  } catch (err) {
    if (price > 0) await settleExtra(ctx.db, userId, ref, 'release').catch(() => undefined);
    throw err;
  }
}

/** The translation itself of translateAgain, saved as a new revision. */
async function translateInto(
  ctx: Ctx,
  job: jobsRepo.JobRow,
  current: StoredTracks,
  languages: string[],
  sentences: { words: TimedWord[]; ids: string[] }[],
  plan: ReturnType<Ctx['engines']['choose']>,
  loaded: number,
): Promise<TracksResponse> {
  const jobId = job.id;
  const source = current.source.language;
  const next: StoredTracks = { ...current, targets: { ...current.targets } };
  for (const lang of languages) {
    if (!sentences.length) continue;
    const engine = plan.translationFor(source, lang);
    const words = sentences.map((s) => s.words);
    let translated = { sentences: words };
    if (engine && lang !== source) {
      try {
        translated = await translateSentences(
          words,
          engine,
          source,
          lang,
          rulesFor(lang).joiner,
          undefined,
          glossaryRules(job.glossary, source, lang),
        );
      } catch (err) {
        // The engine's own words go to the log only.
        ctx.logger.warn({ err, jobId, engine: engine.id }, 'translate again failed');
        const failure = engineFailure(err, 'translation', engine.id);
        throw new AppError(failure.code, failure.message);
      }
    }
    // Each translated sentence keeps its source sentence's speaker.
    const said = translated.sentences.map((u, i) => u.map((w) => ({ ...w, speaker: words[i][0]?.speaker })));
    const cues = cutCues(said, lang, rulesFor(lang)).map((c): TrackCue => ({
      id: crypto.randomUUID(),
      start: Math.round(c.start * 1000) / 1000,
      end: Math.round(c.end * 1000) / 1000,
      text: c.lines.map((l) => l.replace(/[\u200e\u200f]/g, '')).join('\n'),
      ...(c.speaker ? { speaker: c.speaker } : {}),
    }));
    const spans = sentences.map((s) => [s.words[0].start, s.words[s.words.length - 1].end]);
    const kept = current.targets[lang].cues.filter((c) => !spans.some(([a, b]) => c.start < b && c.end > a));
    next.targets[lang] = { cues: [...kept, ...cues].sort((a, b) => a.start - b.start) };
  }
  return saveRevision(ctx, job, loaded, 'translate_again', next, current);
}

/** GET /v1/jobs/{id}/revisions, newest first. */
export async function listRevisions(ctx: Ctx, userId: string, jobId: string): Promise<RevisionsResponse> {
  const job = await jobWithTracks(ctx, userId, jobId);
  const rows = await repo.listRevisions(ctx.db, job.id);
  return {
    revisions: rows.map((r) => ({ revision: r.revision, origin: r.origin, created_at: r.createdAt.toISOString() })),
  };
}

/**
 * POST /v1/jobs/{id}/revisions/{n}/restore: revision n's tracks saved as a new revision; outputs re-rendered.
 * @throws AppError REVISION_NOT_FOUND, JOB_BUSY, REVISION_CONFLICT, JOB_NOT_FOUND, TRACKS_NOT_READY
 */
export async function restoreRevision(ctx: Ctx, userId: string, jobId: string, n: number): Promise<TracksResponse> {
  const job = await jobWithTracks(ctx, userId, jobId);
  requireIdle(job);
  const row = Number.isInteger(n) && n > 0 ? await repo.findRevision(ctx.db, job.id, n) : null;
  if (!row) throw new AppError('REVISION_NOT_FOUND');
  return saveRevision(ctx, job, job.tracksRevision!, 'restore', row.tracks, await latestTracks(ctx, job));
}
