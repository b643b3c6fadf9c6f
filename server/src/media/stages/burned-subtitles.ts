/**
 * Stage burned subtitles (reported as 'subtitles'; service burned_subtitles, video input only): per target
 * language `{name}_{lang}_subtitled.mp4` with its cues rendered into the picture (burn-in.ts), styled by the
 * job's subtitle style; bilingual puts the source cues above. Languages render one after another (each ffmpeg
 * encode uses the cores).
 * @throws MediaError FFMPEG_FAILED.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_SUBTITLE_STYLE, renderSubtitledVideo, videoSize } from '../burn-in.ts';
import { checkAborted, need, type StageModule } from './stage.ts';

export const burnedSubtitlesStage: StageModule = {
  name: 'burned_subtitles',
  stage: 'subtitles',
  runsWhen: (s) => s.req.services.includes('burned_subtitles') && s.info?.hasVideo !== false,
  async run(s) {
    const targets = need(s.targets, 'the translations');
    const source = need(s.sourceCues, 'the source cues');
    const style = { ...DEFAULT_SUBTITLE_STYLE, ...s.req.subtitleStyle };
    const video = await videoSize(s.req.inputPath, s.req.signal);
    for (const [i, t] of targets.entries()) {
      checkAborted(s);
      const filename = `${s.req.baseName}_${t.code}_subtitled.mp4`;
      const outPath = path.join(s.req.outDir, filename);
      s.outputs.push({ language: t.code, kind: 'subtitled_mp4', path: outPath, filename, contentType: 'video/mp4' });
      const dir = path.join(s.work, `burn-${t.language}`);
      await mkdir(dir, { recursive: true });
      await renderSubtitledVideo({
        input: s.req.inputPath,
        cues: t.cues,
        sourceCues: style.bilingual && t.language !== s.source ? source.cues : undefined,
        style,
        video,
        dir,
        outPath,
        signal: s.req.signal,
      });
      s.progress('subtitles', (i + 1) / targets.length);
    }
  },
};
