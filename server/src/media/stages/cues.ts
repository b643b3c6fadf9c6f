/**
 * Stage cues (the source cues): sentences of the transcript's words and the source cues cut from them by rule
 * (artifact `source-cues.json`). To take the source from elsewhere (e.g. an imported subtitle file), replace this
 * module in pipeline.ts's STAGES with one that sets `s.sourceCues` ({ sentences: timed words per sentence, cues })
 * and saves it under the same artifact name (and `s.source` when no transcribe ran); nothing after it reads the
 * transcript. When the speakers stage ran, every word carries its speaker and sentences are split where the
 * speaker changes (issue 19: a cue never mixes two speakers' words).
 */
import { rulesFor } from '../../../../contract/cue-rules.ts';
import { cutCues, splitBySpeaker } from '../cue-cutter.ts';
import { clampCuesToMedia } from '../cue-clamp.ts';
import { dropFillers, groupIntoSentences, tidySentences } from '../sentences.ts';
import { need, type SourceCues, type StageModule } from './stage.ts';
import { speakerAt } from './speakers.ts';

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
    let sentences = tidySentences(groupIntoSentences(dropFillers(t.words, source), t.utterances), source);
    const turns = s.speakers?.turns;
    if (turns?.length)
      sentences = splitBySpeaker(
        sentences.map((u) => u.map((w) => ({ ...w, speaker: speakerAt(turns, w.start, w.end) }))),
      );
    const cues = cutCues(sentences, source, rulesFor(source, s.plan.subtitleRules));
    s.sourceCues = { sentences, cues: clampCuesToMedia(cues, s.info?.durationSeconds) };
    await s.artifacts.writeJson(SOURCE_CUES_ARTIFACT, s.sourceCues);
  },
};
