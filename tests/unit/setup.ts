// Vitest setup for the web project (jsdom): IndexedDB from fake-indexeddb.
import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';

// Each test starts from an empty browser: IndexedDB, storage and the page's language attributes.
afterEach(async () => {
  const { closeDb, DB_NAME } = await import('../../src/lib/db.ts');
  await closeDb();
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(DB_NAME);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
  localStorage.clear();
  sessionStorage.clear();
});
