/**
 * The speaking-rate cache on disk belongs to the app context that named it: after that context closes (its data
 * folder removed, as a test or a stopped deployment does), a measurement in the same process writes nothing there.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../helpers/test-app.ts';
import { createEspeakEngine } from '../../../server/src/engines/voice/espeak.engine.ts';
import { speakingRate } from '../../../server/src/media/speaking-rate.ts';

describe('the speaking-rate folder of a closed app', () => {
  it('is kept while the app runs and not written again after it closed', async () => {
    // An engine id of this test alone: rates are also kept in memory for the process (the key names the engine),
    // and another test file in the same fork may have measured espeak-ng's voices already.
    const engine = { ...createEspeakEngine(), id: `espeak-ng-${crypto.randomUUID()}` };
    const t = await startTestApp({ kind: 'pglite' });
    const rates = path.join(t.dataDir, 'speaking-rates');
    const [first, second] = engine.voices('de');
    expect(await speakingRate(engine, first.id, 'de')).toBeGreaterThan(5);
    expect(fs.readdirSync(rates)).toHaveLength(1);
    await t.close();
    expect(fs.existsSync(t.dataDir)).toBe(false);

    expect(await speakingRate(engine, (second ?? first).id, second ? 'de' : 'fr')).toBeGreaterThan(5);
    expect(fs.existsSync(t.dataDir)).toBe(false);
  });
});
