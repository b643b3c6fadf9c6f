/**
 * Processes started at once on a fresh PostgreSQL database (an API and a worker, as docs/operator.md
 * starts them) all start their queue: creating the same pg-boss queues at the same moment can deadlock in
 * PostgreSQL, which stopped a process's start-up with "deadlock detected"; the victim now tries again.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../helpers/databases.ts';
import { openDatabase, type Database } from '../../../server/src/db/database.ts';
import { createQueue, type Queue } from '../../../server/src/queue/queue.ts';
import { JOB_DEFINITIONS } from '../../../server/src/queue/job-definitions.ts';
import { createLogger } from '../../../server/src/logger.ts';

describe.skipIf(!DATABASE_KINDS.includes('postgres' as never))('queues started at once on PostgreSQL', () => {
  const opened: TestDatabase[] = [];
  const pools: Database[] = [];
  const queues: Queue[] = [];
  afterAll(async () => {
    for (const q of queues) await q.stop().catch(() => undefined);
    for (const p of pools) await p.close();
    for (const d of opened) await d.dispose();
  });

  it('6 processes starting their queues together on 3 fresh databases all start, each queue made once', async () => {
    const logger = createLogger('silent');
    for (let round = 0; round < 3; round++) {
      const fresh = await createTestDatabase('postgres');
      opened.push(fresh);
      // Six "processes": each its own pool and pg-boss, as separate API and worker processes have.
      const mine = await Promise.all(Array.from({ length: 6 }, () => openDatabase({ url: fresh.url! })));
      pools.push(...mine);
      const started = mine.map((db) => createQueue(db, logger));
      queues.push(...started);
      const results = await Promise.allSettled(started.map((q) => q.start({ work: false, concurrency: 1 })));
      const failed = results.filter((r) => r.status === 'rejected');
      expect(failed.map((r) => String(r.reason))).toEqual([]);
      const rows = await fresh.database.executeSql('select name from pgboss.queue order by name', []);
      // pg-boss's own internal queues (`__pgboss__...`) aside.
      const names = (rows as { rows: { name: string }[] }).rows
        .map((r) => r.name)
        .filter((n) => !n.startsWith('__pgboss__'));
      expect(names).toEqual(Object.keys(JOB_DEFINITIONS).sort());
    }
  }, 180_000);
});
