/**
 * Stage translate: per target language the sentences translated as one batch (translation-fit.ts), cut into
 * cues by rule, and grouped into dub segments (dub-segments.ts); artifact `translation/<lang>.json` each.
 * Languages translate in parallel; results keep the request order. A target equal to the source is copied.
 * @throws MediaError ENGINE_FAILED.
 */
import { rulesFor } from '../../../../contract/cue-rules.ts';
import { normaliseLanguage } from '../../../../contract/languages.ts';
import { glossaryRules } from '../../../../contract/glossary.ts';
import { cutCues } from '../cue-cutter.ts';
import { clampCuesToMedia } from '../cue-clamp.ts';
import { segmentsFromCues } from '../dub-segments.ts';
import { sentenceText } from '../sentences.ts';
import { speakingRate } from '../speaking-rate.ts';
import { charBudget } from '../sync-report.ts';
import { fitToSentence, fitTranslationsToBudgets, translateSentences } from '../translation-fit.ts';
import { EngineAnswerError } from '../../engines/engine-answers.ts';
import { need, viaEngine, type RunState, type StageModule, type TargetTrack } from './stage.ts';

/** Saved per language: the track and the translation engine's id (none when copied). */
type SavedTranslation = TargetTrack & { engine: string | null };

export const translationArtifact = (lang: string) => `translation/${lang}.json`;

/** The requested targets as `[base code, request code]`, without repeats. */
const requested = (s: RunState) => [
  ...new Map(s.req.targetLanguages.map((c) => [normaliseLanguage(c), c.toLowerCase()])).entries(),
];

function settle(s: RunState, saved: SavedTranslation[]): void {
  s.targets = saved.map(({ engine, ...t }) => {
    if (engine) s.engines[`translation_${t.language}`] = engine;
    return t;
  });
}

export const translateStage: StageModule = {
  name: 'translate',
  stage: 'translate',
  async restore(s) {
    const saved = await Promise.all(
      requested(s).map(([lang]) => s.artifacts.readJson<SavedTranslation>(translationArtifact(lang))),
    );
    if (saved.some((t) => !t)) return false;
    settle(s, saved as SavedTranslation[]);
    return true;
  },
  async run(s) {
    const source = need(s.source, 'the source language');
    const { sentences } = need(s.sourceCues, 'the source cues');
    const list = requested(s);
    let translated = 0;
    const saved = await Promise.all(
      list.map(async ([lang, code]): Promise<SavedTranslation> => {
        const engine = s.plan.translationFor(source, lang);
        const rules = rulesFor(lang);
        let r = engine
          ? await viaEngine(s, 'translation', engine.id, () =>
              translateSentences(
                sentences,
                engine,
                source,
                lang,
                rules.joiner,
                s.req.signal,
                glossaryRules(s.req.glossary, source, lang),
              ),
            )
          : { sentences, texts: sentences.map((u) => sentenceText(u)) };
        // Voice-over: every sentence gets a character budget from its slot and the voice's speaking rate; an
        // engine that can rephrase is asked again for those over it (issue 20 item 2).
        const choice = s.voiceOver && engine ? s.plan.voices[lang] : undefined;
        let charsPerSecond: number | undefined;
        let budgetFit: TargetTrack['budgetFit'];
        if (engine && choice) {
          const rate = await viaEngine(s, 'voice', choice.engine.id, () =>
            speakingRate(choice.engine, choice.voice.id, lang, s.req.signal),
          );
          charsPerSecond = rate;
          const budgets = sentences.map((u) => charBudget(u.length ? u[u.length - 1].end - u[0].start : 0, rate));
          // A rephrasing the engine could not give keeps the translation (the sync report flags the lines); an
          // answer that stayed malformed after its retry fails the stage (issue 39 item 7), never read as rushed.
          const fit = await viaEngine(s, 'translation', engine.id, () =>
            fitTranslationsToBudgets({
              engine,
              from: source,
              to: lang,
              sources: sentences.map((u) => sentenceText(u)),
              texts: r.texts,
              budgets,
              signal: s.req.signal,
              onError: (e) => {
                if (e instanceof EngineAnswerError) throw e;
              },
            }),
          );
          budgetFit = { over: fit.over.length, asked: fit.asked, fitted: fit.fitted };
          if (fit.texts.some((t, i) => t !== r.texts[i]))
            r = { texts: fit.texts, sentences: sentences.map((u, i) => fitToSentence(fit.texts[i], u, rules.joiner)) };
        }
        // A translated sentence is said by the speaker of its source sentence (sentences never mix speakers).
        const said = r.sentences.map((u, i) => {
          const speaker = sentences[i]?.[0]?.speaker;
          return speaker ? u.map((w) => ({ ...w, speaker })) : u;
        });
        const cues = clampCuesToMedia(
          cutCues(lang === source ? sentences : said, lang, rulesFor(lang, s.plan.subtitleRules)),
          s.info?.durationSeconds,
        );
        const t: SavedTranslation = {
          language: lang,
          code,
          texts: r.texts,
          sentences: said,
          cues,
          segments: segmentsFromCues(cues, rules.joiner),
          ...(charsPerSecond ? { charsPerSecond, budgetFit } : {}),
          engine: engine?.id ?? null,
        };
        await s.artifacts.writeJson(translationArtifact(lang), t);
        s.progress('translate', ++translated / list.length);
        return t;
      }),
    );
    settle(s, saved);
  },
};
