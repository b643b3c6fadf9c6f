/** Stage finalize: the transcript JSON (words, sentences, source cues, per target cues and segments) in the output folder. */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sentenceText } from '../sentences.ts';
import { need, type StageModule } from './stage.ts';

export const finalizeStage: StageModule = {
  name: 'finalize',
  stage: 'finalize',
  async run(s) {
    const info = need(s.info, 'the probe');
    const { sentences, cues } = need(s.sourceCues, 'the source cues');
    const transcriptPath = path.join(s.req.outDir, 'transcript.json');
    await writeFile(
      transcriptPath,
      JSON.stringify(
        {
          sourceLanguage: s.source,
          languageAssumed: s.plan.languageAssumed,
          durationSeconds: info.durationSeconds,
          words: (s.transcript?.words ?? []).map((w) => ({ text: w.text, start: w.start, end: w.end })),
          sentences: sentences.map((u) => ({ text: sentenceText(u), start: u[0].start, end: u[u.length - 1].end })),
          cues,
          targets: need(s.targets, 'the translations').map((t) => ({
            language: t.language,
            cues: t.cues,
            segments: t.segments,
            placements: t.placements,
          })),
        },
        null,
        1,
      ),
    );
    s.transcriptPath = transcriptPath;
  },
};
