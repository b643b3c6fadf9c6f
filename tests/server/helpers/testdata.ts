/** ../shared/testdata beside the repository (SOURCES.md there lists every file), wherever the clone lives. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const TESTDATA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../shared/testdata');
