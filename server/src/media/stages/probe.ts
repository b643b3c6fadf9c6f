/** Stage probe: the input's length and streams (artifact `probe.json`). @throws MediaError for unusable files. */
import { probeMedia, type MediaInfo } from '../probe.ts';
import type { StageModule } from './stage.ts';

export const probeStage: StageModule = {
  name: 'probe',
  stage: 'probe',
  async restore(s) {
    s.info = (await s.artifacts.readJson<MediaInfo>('probe.json')) ?? undefined;
    return !!s.info;
  },
  async run(s) {
    s.info = await probeMedia(s.req.inputPath, s.req.signal);
    await s.artifacts.writeJson('probe.json', s.info);
  },
};
