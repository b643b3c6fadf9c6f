/** Shorten from the editor (POST /v1/jobs/{id}/tracks/shorten, issue 20 item 2). */
import { AppError } from '../../errors.ts';
import type { ShortenRequest, ShortenResponse } from '../../../../contract/sync.ts';
import { NoEngineError } from '../../engines/engine.registry.ts';
import { engineFailure } from '../../engines/engine-failure.ts';
import type { TranslationEngine } from '../../engines/translation.engine.ts';
import { jobArtifactPrefix, storageArtifacts } from '../../media/artifacts.ts';
import { charBudget, syncArtifact, voicedChars, type SavedSync } from '../../media/sync-report.ts';
import { fitTranslationsToBudgets } from '../../media/translation-fit.ts';
import { cueSync } from './track-cues.ts';
import { jobWithTracks, latestTracks, targetOf, type Ctx } from './tracks.service.ts';

/**
 * POST /v1/jobs/{id}/tracks/shorten: one target cue said in fewer characters by the translation engine that can
 * rephrase (issue 20 item 2), keeping the meaning of the source said at the same time, the neighbouring cues as
 * context, at most REPHRASE_TRIES asks. The budget: the cue's characters less its share of what its dub segment
 * must lose (`shorter_by` of the last dub's sync); for a cue changed since, its slot at the voice's speaking rate.
 * Nothing is saved (the editor puts the text in the cue). Free: one short request (rate-limited by the route).
 * @returns the text (the cue's own when it already fits), its characters and the budget.
 * @throws AppError NO_ENGINE (no configured engine can rephrase into the language), VALIDATION_FAILED (not a cue
 *   of that target), NO_VOICE_OVER, ENGINE_FAILED (and the other engine failures), JOB_NOT_FOUND, TRACKS_NOT_READY
 */
export async function shortenCue(
  ctx: Ctx,
  userId: string,
  jobId: string,
  req: ShortenRequest,
): Promise<ShortenResponse> {
  const job = await jobWithTracks(ctx, userId, jobId);
  if (!job.servicesRequested.includes('voice_over')) throw new AppError('NO_VOICE_OVER');
  const tracks = await latestTracks(ctx, job);
  const lang = targetOf(tracks, req.language, 'language');
  const cues = tracks.targets[lang].cues;
  const at = cues.findIndex((c) => c.id === req.cue_id);
  if (at < 0)
    throw new AppError('VALIDATION_FAILED', `cue_id: ${req.cue_id} is not a cue of the ${lang} track.`, {
      fields: { cue_id: `${req.cue_id} is not a cue of the ${lang} track` },
    });
  const cue = cues[at];
  const source = tracks.source.language;
  let engine: TranslationEngine | null | undefined;
  try {
    engine = ctx.engines
      .choose({ sourceLanguage: source, targetLanguages: [lang], services: ['document'] })
      .translationFor(source, lang);
  } catch (err) {
    if (!(err instanceof NoEngineError)) throw err;
  }
  const rephrasing = engine?.rephrase ? engine : undefined;
  if (!rephrasing)
    throw new AppError(
      'NO_ENGINE',
      'No configured translation engine can rephrase a line shorter (a chat-completions engine is needed).',
    );
  const saved = await storageArtifacts(ctx.storage, jobArtifactPrefix(job.userId, job.id)).readJson<SavedSync>(
    syncArtifact(lang),
  );
  const chars = voicedChars(cue.text.replace(/\n/g, ' '));
  const sync = cueSync(cues, lang, saved)?.cues[cue.id];
  const budget = sync
    ? Math.max(1, chars - Math.ceil((sync.shorter_by * chars) / Math.max(1, sync.chars)))
    : saved?.chars_per_second
      ? charBudget(cue.end - cue.start, saved.chars_per_second)
      : chars;
  const text = cue.text.replace(/\n/g, ' ');
  if (chars <= budget && (!sync || sync.shorter_by === 0)) return { text: cue.text, chars, budget };
  const said = tracks.source.cues
    .filter((c) => c.end > cue.start && c.start < cue.end)
    .map((c) => c.text.replace(/\n/g, ' '))
    .join(' ');
  const fit = await fitTranslationsToBudgets({
    engine: rephrasing,
    from: source,
    to: lang,
    sources: [said || text],
    texts: [text],
    budgets: [budget],
    context: [[cues[at - 1]?.text.replace(/\n/g, ' '), cues[at + 1]?.text.replace(/\n/g, ' ')]],
    onError: (err) => {
      ctx.logger.warn({ err, jobId, engine: rephrasing.id }, 'shorten failed');
      const failure = engineFailure(err, 'translation', rephrasing.id);
      throw new AppError(failure.code, failure.message);
    },
  });
  return { text: fit.texts[0], chars: voicedChars(fit.texts[0]), budget };
}
