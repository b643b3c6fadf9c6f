/**
 * Studio store: the active tab, what each tab has selected (an upload or a YouTube link), its configuration,
 * what the upload worker reports about uploads and queued submissions, and the files picked on this page (the
 * style preview shows a frame of them).
 */
import { create } from 'zustand';
import type { QueuedView, UploadView } from '../../lib/worker.ts';
import type { SubtitleStyle } from '../../../contract/jobs.ts';
import { DEFAULT_STYLE } from '../../config/subtitle-style.ts';
import { DEFAULT_CONFIG, DEFAULT_DOCUMENT_CONFIG, type StudioConfig } from './schemas.ts';

export type StudioTab = 'media' | 'document';
export type Selection = { type: 'file'; uploadId: string } | { type: 'youtube'; youtubeUrl: string } | null;

interface StudioState {
  tab: StudioTab;
  uploads: Record<string, UploadView>;
  queue: QueuedView[];
  selection: Record<StudioTab, Selection>;
  config: Record<StudioTab, StudioConfig>;
  submitting: boolean;
  online: boolean;
  /** The files picked on this page by upload id (gone after a reload; the device copy may remain). */
  localFiles: Record<string, File>;
  /** The user changed the subtitle style on this visit: the remembered one no longer replaces it. */
  styleTouched: boolean;
  setTab: (tab: StudioTab) => void;
  select: (tab: StudioTab, selection: Selection) => void;
  updateConfig: (tab: StudioTab, change: Partial<StudioConfig>) => void;
  toggleTarget: (tab: StudioTab, code: string) => void;
  /** The user changes the media tab's subtitle style. */
  changeStyle: (change: Partial<SubtitleStyle>) => void;
  /** The remembered style (GET /v1/users/me), unless the user already changed it on this visit. */
  applyRememberedStyle: (style: SubtitleStyle) => void;
  setLocalFile: (uploadId: string, file: File) => void;
  setSubmitting: (submitting: boolean) => void;
  /** Worker reports. */
  upsertUpload: (upload: UploadView) => void;
  removeUpload: (id: string) => void;
  setUploads: (uploads: UploadView[]) => void;
  setQueue: (queue: QueuedView[]) => void;
  setOnline: (online: boolean) => void;
  reset: () => void;
}

const initial = {
  tab: 'media' as StudioTab,
  uploads: {} as Record<string, UploadView>,
  queue: [] as QueuedView[],
  selection: { media: null, document: null } as Record<StudioTab, Selection>,
  config: { media: { ...DEFAULT_CONFIG }, document: { ...DEFAULT_DOCUMENT_CONFIG } } as Record<StudioTab, StudioConfig>,
  submitting: false,
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  localFiles: {} as Record<string, File>,
  styleTouched: false,
};

export const useStudioStore = create<StudioState>((set, get) => ({
  ...initial,
  setTab: (tab) => set({ tab }),
  select: (tab, selection) => set({ selection: { ...get().selection, [tab]: selection } }),
  updateConfig: (tab, change) => set({ config: { ...get().config, [tab]: { ...get().config[tab], ...change } } }),
  toggleTarget: (tab, code) => {
    const targets = get().config[tab].targets;
    get().updateConfig(tab, {
      targets: targets.includes(code) ? targets.filter((c) => c !== code) : [...targets, code],
    });
  },
  changeStyle: (change) => {
    get().updateConfig('media', { style: { ...get().config.media.style, ...change } });
    set({ styleTouched: true });
  },
  applyRememberedStyle: (style) => {
    if (!get().styleTouched) get().updateConfig('media', { style: { ...DEFAULT_STYLE, ...style } });
  },
  setLocalFile: (uploadId, file) => set({ localFiles: { ...get().localFiles, [uploadId]: file } }),
  setSubmitting: (submitting) => set({ submitting }),
  upsertUpload: (upload) => set({ uploads: { ...get().uploads, [upload.id]: upload } }),
  removeUpload: (id) => {
    const { [id]: _gone, ...uploads } = get().uploads;
    const { [id]: _file, ...localFiles } = get().localFiles;
    const selection = { ...get().selection };
    for (const tab of ['media', 'document'] as const) {
      const s = selection[tab];
      if (s?.type === 'file' && s.uploadId === id) selection[tab] = null;
    }
    set({ uploads, selection, localFiles });
  },
  setUploads: (list) => {
    const uploads = Object.fromEntries(list.map((u) => [u.id, u]));
    // After a reload, each tab picks up its most recent upload again so the user can go on where they were.
    const selection = { ...get().selection };
    for (const tab of ['media', 'document'] as const) {
      if (selection[tab]) continue;
      const latest = list.filter((u) => u.kind === tab && u.status !== 'failed').at(-1);
      if (latest) selection[tab] = { type: 'file', uploadId: latest.id };
    }
    set({ uploads, selection });
  },
  setQueue: (queue) => set({ queue }),
  setOnline: (online) => set({ online }),
  reset: () => set({ ...initial, config: { media: { ...DEFAULT_CONFIG }, document: { ...DEFAULT_DOCUMENT_CONFIG } } }),
}));
