// Vitest setup for the web project (jsdom): IndexedDB from fake-indexeddb.
import 'fake-indexeddb/auto';
