/**
 * Stage subtitles: SRT and VTT per target language from its cues, into the output folder; with the bilingual
 * style, two-line cues (source above target, bilingual.ts) for every language other than the source. Cues of
 * speakers are voice spans in the VTT, and quick two-speaker exchanges share a cue (subtitle-writers.ts).
 */
import { writeFile } from 'node:fs/promises';
import { bilingualCues } from '../bilingual.ts';
import { clampCuesToMedia } from '../cue-clamp.ts';
import { rulesFor } from '../../../../contract/cue-rules.ts';
import { dualSpeakerCues, toSrt, toVtt } from '../subtitle-writers.ts';
import { addOutput } from './outputs.ts';
import { need, type StageModule } from './stage.ts';

export const subtitlesStage: StageModule = {
  name: 'subtitles',
  stage: 'subtitles',
  runsWhen: (s) => s.subtitles,
  async run(s) {
    const source = need(s.source, 'the source language');
    const { sentences } = need(s.sourceCues, 'the source cues');
    for (const t of need(s.targets, 'the translations')) {
      const cues =
        s.req.subtitleStyle?.bilingual && t.language !== source
          ? clampCuesToMedia(
              bilingualCues(sentences, t.sentences, source, t.language, s.plan.subtitleRules),
              s.info?.durationSeconds,
            )
          : dualSpeakerCues(t.cues, rulesFor(t.language, s.plan.subtitleRules));
      await writeFile(addOutput(s, t.code, 'subtitle_srt', 'srt', 'application/x-subrip'), toSrt(cues));
      await writeFile(addOutput(s, t.code, 'subtitle_vtt', 'vtt', 'text/vtt'), toVtt(cues, {}, t.language));
    }
  },
};
