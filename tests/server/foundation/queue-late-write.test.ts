/**
 * A handler that outlives the queue's stop() (stop waits 10 s, then gives up) ends after the app has closed its
 * embedded database. pg-boss then writes that job's fail into the closed PGlite: this was an unhandled rejection
 * ("PGlite is closed", then "Cannot read properties of undefined (reading 'count')") that failed a clean-clone run.
 * The late write is dropped and answers as a command that changed nothing.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { createQueue } from '../../../server/src/queue/queue.ts';
import { JOB_DEFINITIONS, type JobName } from '../../../server/src/queue/job-definitions.ts';
import { createLogger } from '../../../server/src/logger.ts';

describe('a handler still running after stop() on the embedded database', () => {
  let db: TestDatabase | undefined;
  afterAll(async () => {
    await db?.dispose().catch(() => undefined);
  });

  it('ends with an error after the database closed, and nothing is left unhandled', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      db = await createTestDatabase('pglite');
      const queue = createQueue(db.database, createLogger('silent'));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let began!: () => void;
      const running = new Promise<void>((resolve) => (began = resolve));
      for (const name of Object.keys(JOB_DEFINITIONS) as JobName[])
        queue.handle(name, async () => {
          if (name !== 'document.translate') return;
          began();
          await released;
          throw new Error('the engine failed after the app had stopped');
        });
      await queue.start({ work: true, concurrency: 1 });
      await queue.send('document.translate', { version: 1, jobId: crypto.randomUUID() });
      await running;
      await queue.stop(); // gives up waiting for the handler after its timeout
      await db.database.close();
      release();
      // pg-boss's fail runs on the next turns of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(unhandled.map(String)).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  }, 60_000);
});
