/**
 * Saving the editor's document: about a second after the last edit the whole document is PUT over the revision
 * it was based on. Every unsaved document is also kept in IndexedDB (kv `editor-draft:<job id>`) so edits made
 * offline survive a reload; it is sent when the connection is back ('online') or when the editor opens again.
 * A 409 REVISION_CONFLICT means the job changed elsewhere: nothing is overwritten, the page offers to reload.
 */
import { useEffect } from 'react';
import { ApiError, NetworkError } from '../../lib/api-client.ts';
import { kvGet, kvSet } from '../../lib/db.ts';
import type { JobResponse } from '../../../contract/jobs.ts';
import type { TracksResponse } from '../../../contract/tracks.ts';
import { saveTracks } from './api/editor.api.ts';
import { firstUnsavable, saveRequestOf, type EditorDraft } from './model.ts';
import { useEditorStore } from './store.ts';
import { useSyncStore } from './sync.ts';

/** Debounce between the last edit and the save, milliseconds. */
export const SAVE_DELAY_MS = 1000;

const draftKey = (jobId: string) => `editor-draft:${jobId}`;

/** The draft kept for `jobId`, if any. */
export async function readDraft(jobId: string): Promise<EditorDraft | undefined> {
  const draft = await kvGet<EditorDraft | null>(draftKey(jobId)).catch(() => undefined);
  return draft ?? undefined;
}

/** Forgets the draft of `jobId` (after a save of the latest edit, or a reload that discards it). */
export const dropDraft = (jobId: string) => kvSet(draftKey(jobId), null).catch(() => undefined);

/** What the editor last opened for a job (tracks as last saved), kept on the device to open it again offline. */
export interface OpenedJob {
  job: JobResponse;
  tracks: TracksResponse;
}

const openedKey = (jobId: string) => `editor-open:${jobId}`;

export const rememberOpened = (jobId: string, opened: OpenedJob) =>
  kvSet(openedKey(jobId), opened).catch(() => undefined);

export async function readOpened(jobId: string): Promise<OpenedJob | undefined> {
  return (await kvGet<OpenedJob | null>(openedKey(jobId)).catch(() => undefined)) ?? undefined;
}

/** Saves the store's document now (no-op when nothing is pending or a save is under way). */
export async function saveNow(): Promise<void> {
  const s = useEditorStore.getState();
  const doc = s.history?.present;
  if (!s.jobId || !doc || s.save === 'saving' || s.version === s.savedVersion || s.save === 'conflict') return;
  const { jobId, revision, version } = s;
  await kvSet(draftKey(jobId), { revision, doc } satisfies EditorDraft).catch(() => undefined);
  if (firstUnsavable(doc)) return s.setSave('invalid');
  if (typeof navigator !== 'undefined' && !navigator.onLine) return s.setSave('offline');
  s.setSave('saving');
  try {
    const answer = await saveTracks(jobId, saveRequestOf(doc, revision));
    useEditorStore.getState().saved(answer.revision, version);
    useSyncStore.getState().saved(answer);
    const opened = await readOpened(jobId);
    if (opened) await rememberOpened(jobId, { ...opened, tracks: answer });
    if (useEditorStore.getState().version === version) await dropDraft(jobId);
    else await kvSet(draftKey(jobId), { revision: answer.revision, doc: useEditorStore.getState().history?.present });
  } catch (error) {
    const code = error instanceof ApiError ? error.code : 'UNKNOWN';
    if (error instanceof NetworkError) useEditorStore.getState().setSave('offline');
    else if (code === 'REVISION_CONFLICT') useEditorStore.getState().setSave('conflict', code);
    else useEditorStore.getState().setSave('error', code);
  }
}

/** Runs the debounced save while the editor is open, and saves again when the browser is back online. */
export function useAutosave(): void {
  const version = useEditorStore((s) => s.version);
  const save = useEditorStore((s) => s.save);
  useEffect(() => {
    if (save !== 'pending') return;
    const timer = setTimeout(() => void saveNow(), SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [version, save]);
  useEffect(() => {
    const back = () => {
      const s = useEditorStore.getState();
      if (s.save === 'offline' || s.save === 'error') s.setSave('pending');
    };
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, []);
}
