/**
 * The slowed picture of "Keep voices natural" is made again only when the time map changes (stretch-store.ts): a
 * re-dub with the same spans reuses the stored files, different spans or sound make them again, and a store whose
 * name was cleared (a stop between writing the files) never serves the old files for the new name.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderArtifacts } from '../../../server/src/media/artifacts.ts';
import { storedStretch } from '../../../server/src/media/stretch-store.ts';

describe('stored slowed picture', () => {
  it('is made once per time map and language', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarjama-stretch-store-'));
    try {
      const artifacts = folderArtifacts(path.join(dir, 'artifacts'));
      let made = 0;
      const make = async () => {
        made++;
        const video = path.join(dir, `made-${made}.mp4`);
        const audio = path.join(dir, `made-${made}.wav`);
        fs.writeFileSync(video, `picture ${made}`);
        fs.writeFileSync(audio, `sound ${made}`);
        return { video, audio };
      };
      const spans = [{ start: 2, end: 4, factor: 1.2 }];
      const work = (n: string) => {
        const d = path.join(dir, n);
        fs.mkdirSync(d);
        return d;
      };
      const a = await storedStretch(artifacts, 'es', { spans, background: false }, make, work('a'));
      const b = await storedStretch(artifacts, 'es', { spans, background: false }, make, work('b'));
      expect(made).toBe(1);
      expect(fs.readFileSync(b.video, 'utf8')).toBe(fs.readFileSync(a.video, 'utf8'));
      expect(fs.readFileSync(b.audio, 'utf8')).toBe('sound 1');
      // Another map, another sound, another language: made again.
      await storedStretch(
        artifacts,
        'es',
        { spans: [{ start: 2, end: 4.5, factor: 1.2 }], background: false },
        make,
        work('c'),
      );
      expect(made).toBe(2);
      await storedStretch(
        artifacts,
        'es',
        { spans: [{ start: 2, end: 4.5, factor: 1.2 }], background: true },
        make,
        work('d'),
      );
      expect(made).toBe(3);
      await storedStretch(
        artifacts,
        'fr',
        { spans: [{ start: 2, end: 4.5, factor: 1.2 }], background: true },
        make,
        work('e'),
      );
      expect(made).toBe(4);
      // The first map again: only the latest is kept, so it is made again, and then reused.
      const back = await storedStretch(artifacts, 'es', { spans, background: false }, make, work('f'));
      expect(made).toBe(5);
      expect(fs.readFileSync(back.video, 'utf8')).toBe('picture 5');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
