/**
 * Stage cues (the source cues): sentences of the transcript's words and the source cues cut from them by rule
 * (artifact `source-cues.json`). To take the source from elsewhere (e.g. an imported subtitle file), replace this
 * module in pipeline.ts's STAGES with one that sets `s.sourceCues` ({ sentences: timed words per sentence, cues })
 * and saves it under the same artifact name (and `s.source` when no transcribe ran); nothing after it reads the
 * transcript.
 */
import { rulesFor } from '../../../../contract/cue-rules.ts';
import { cutCues } from '../cue-cutter.ts';
import { dropFillers, groupIntoSentences, tidySentences } from '../sentences.ts';
import { need, type SourceCues, type StageModule } from './stage.ts';

export const SOURCE_CUES_ARTIFACT = 'source-cues.json';

export const cuesStage: StageModule = {
  name: 'cues',
  stage: 'cues',
  async restore(s) {
    s.sourceCues = (await s.artifacts.readJson<SourceCues>(SOURCE_CUES_ARTIFACT)) ?? undefined;
    return !!s.sourceCues;
  },
  async run(s) {
    const t = need(s.transcript, 'the transcript');
    const source = need(s.source, 'the source language');
    const sentences = tidySentences(groupIntoSentences(dropFillers(t.words, source), t.utterances), source);
    s.sourceCues = { sentences, cues: cutCues(sentences, source, rulesFor(source, s.plan.subtitleRules)) };
    await s.artifacts.writeJson(SOURCE_CUES_ARTIFACT, s.sourceCues);
  },
};
