/** `npm run migrate`: applies pending migrations to the configured database and exits. */
import path from 'node:path';
import { loadConfig } from '../config/index.ts';
import { openDatabase } from './database.ts';

const { app } = loadConfig();
const database = await openDatabase({ url: app.databaseUrl, pgliteDir: path.join(app.dataDir, 'db') });
await database.migrate();
await database.close();
process.stdout.write(`migrations applied (${database.kind})\n`);
