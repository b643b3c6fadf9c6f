/** ../shared/testdata beside the repository (SOURCES.md there lists every file), wherever the clone lives. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const TESTDATA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../shared/testdata');

/**
 * The words spoken in jfk.mp4 / jfk.wav, timed by listening, as an SRT a user would attach as their own subtitles: for
 * tests of what comes after recognition (translation, money, failures), so the recogniser does not run.
 */
export const JFK_SPOKEN_SRT = `1
00:00:00,300 --> 00:00:07,800
And so, my fellow Americans, ask not what your country can do for you,

2
00:00:08,000 --> 00:00:10,600
ask what you can do for your country.
`;
