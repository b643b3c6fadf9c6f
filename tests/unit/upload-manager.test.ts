// The upload state machine with fake-indexeddb: progress, a dropped connection, restarts, re-picked files.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  UploadManager,
  TransportError,
  fingerprintOf,
  contentTypeOf,
  type TransportCallbacks,
  type TransportFactory,
} from '../../workers/upload-manager.ts';
import { configureApiClient } from '../../src/lib/api-client.ts';
import * as db from '../../src/lib/db.ts';
import type { UploadView } from '../../workers/upload-types.ts';
import { startFakeApi, routeFetchTo, type FakeApi } from './helpers/api-server.ts';

/**
 * A byte mover standing in for tus: it "sends" the file in 4 chunks, resuming from the offset it is given, and
 * can be told to lose the connection after a number of chunks, like a cut network.
 */
class Wire {
  serverOffset = 0;
  starts: Array<{ kind: string; offset: number }> = [];
  dropAfterChunks: number | null = null;
  createStatus: number | null = null;
  factory: TransportFactory = (kind, record, file, cb: TransportCallbacks) => ({
    start: () => {
      this.starts.push({ kind, offset: this.serverOffset });
      void (async () => {
        if (this.createStatus && kind === 'tus')
          return cb.onError(
            new TransportError(`Upload failed with status: ${this.createStatus}`, this.createStatus, 'create'),
          );
        cb.onLocation('http://tus/abc');
        const chunk = Math.ceil(file.size / 4);
        let sent = 0;
        while (this.serverOffset < file.size) {
          await new Promise((r) => setTimeout(r, 1));
          if (this.dropAfterChunks !== null && sent >= this.dropAfterChunks) {
            this.dropAfterChunks = null;
            return cb.onError(new TransportError('Failed to upload file', 0, 'transfer'));
          }
          this.serverOffset = Math.min(file.size, this.serverOffset + chunk);
          sent += 1;
          cb.onProgress(this.serverOffset, file.size);
        }
        cb.onSuccess();
      })();
    },
    abort: async () => undefined,
  });
}

const video = (name = 'talk.mp4', size = 4000) =>
  new File([new Uint8Array(size)], name, { type: 'video/mp4', lastModified: 1_700_000_000_000 });

let api: FakeApi;
let restoreFetch: () => void;
beforeEach(async () => {
  api = await startFakeApi();
  restoreFetch = routeFetchTo(api);
  configureApiClient({ getToken: () => api.token, onUnauthorized: () => undefined });
});
afterEach(async () => {
  restoreFetch();
  await api.close();
});

function manager(wire: Wire, fits = true) {
  const views: UploadView[] = [];
  const m = new UploadManager({
    createTransport: wire.factory,
    emit: (v) => views.push(v),
    emitRemoved: () => undefined,
    fitsInQuota: async () => fits,
    retryDelaysMs: [20, 40],
  });
  return { m, views, last: () => views.at(-1)! };
}

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('UploadManager', () => {
  it('reports real byte progress and ends ready with the file URL', async () => {
    const wire = new Wire();
    const { m, views, last } = manager(wire);
    const first = await m.add(video(), 'media');
    expect(first.status).toBe('pending');
    const done = await m.whenDone(first.id);
    expect(done.percent).toBe(100);
    expect(done.fileUrl).toMatch(/\/files\/up\d+$/);
    await until(() => last().status === 'completed');
    const percents = views.filter((v) => v.status === 'uploading').map((v) => v.percent);
    expect(percents).toEqual(expect.arrayContaining([25, 50, 75]));
    // The kept copy of the file is dropped once the server has it.
    expect((await db.getUpload(first.id))?.blob).toBeUndefined();
    expect(api.requests.find((r) => r.url === '/v1/uploads/presigned-url')?.body).toEqual({
      filename: 'talk.mp4',
      content_type: 'video/mp4',
      size_bytes: 4000,
    });
  });

  it('pauses when the connection drops and resumes from the server offset by itself', async () => {
    const wire = new Wire();
    wire.dropAfterChunks = 2;
    const { m, views, last } = manager(wire);
    const view = await m.add(video(), 'media');
    await until(() => views.some((v) => v.status === 'paused'));
    const paused = views.find((v) => v.status === 'paused')!;
    expect(paused.percent).toBe(50);
    expect(paused.error?.code).toBe('NETWORK');
    await m.whenDone(view.id);
    await until(() => last().status === 'completed');
    expect(wire.starts.map((s) => s.offset)).toEqual([0, 2000]);
  });

  it('after a restart resumes an unfinished upload whose file was kept', async () => {
    const wire = new Wire();
    wire.dropAfterChunks = 1;
    const first = manager(wire);
    const view = await first.m.add(video(), 'media');
    await until(() => first.views.some((v) => v.status === 'paused'));
    await first.m.dispose();
    // "Reload": a new manager over the same IndexedDB.
    const second = manager(wire);
    const restored = await second.m.restore();
    expect(restored).toHaveLength(1);
    expect(restored[0].needsFile).toBe(false);
    await second.m.whenDone(view.id);
    expect((await db.getUpload(view.id))?.status).toBe('completed');
  });

  it('asks for the file again when it did not fit the quota, and recognises it by fingerprint', async () => {
    const wire = new Wire();
    wire.dropAfterChunks = 1;
    const first = manager(wire, false);
    const view = await first.m.add(video(), 'media');
    await until(() => first.views.some((v) => v.status === 'paused'));
    await first.m.dispose();
    const second = manager(wire, false);
    const [restored] = await second.m.restore();
    expect(restored.needsFile).toBe(true);
    expect(restored.percent).toBe(25);
    await expect(second.m.resume(view.id, video('talk.mp4', 10))).rejects.toMatchObject({ code: 'NOT_SAME_FILE' });
    // Picking the same file again (same name, size, date, type) continues the same upload.
    const again = await second.m.add(video(), 'media');
    expect(again.id).toBe(view.id);
    await second.m.whenDone(view.id);
    expect(wire.starts.at(-1)!.offset).toBe(1000);
    expect(fingerprintOf(video())).toBe((await db.getUpload(view.id))!.fingerprint);
  });

  it('Remove forgets the tus resume URLs of the file, so the same file picked again is a new upload (issue 22)', async () => {
    const wire = new Wire();
    wire.dropAfterChunks = 1;
    const { m, views } = manager(wire);
    const view = await m.add(video(), 'media');
    await until(() => views.some((v) => v.status === 'paused'));
    const fingerprint = fingerprintOf(video());
    // What tus-js-client stores for resuming (storeFingerprintForResuming) under the file's fingerprint.
    await db.putTusUrl({ key: `tus::${fingerprint}::1`, fingerprint, upload: { uploadUrl: 'http://tus/abc' } });
    await m.remove(view.id);
    expect(await db.findTusUrls(fingerprint)).toEqual([]);
    const again = await m.add(video(), 'media');
    expect(again.id).not.toBe(view.id);
  });

  it("fails with the server's code when the file type is refused", async () => {
    const wire = new Wire();
    const { m, last } = manager(wire);
    await m.add(new File(['x'], 'notes.txt', { type: 'text/plain' }), 'media');
    await until(() => last().status === 'failed');
    expect(last().error).toEqual({ code: 'FILE_TYPE_NOT_ALLOWED', status: 415, details: {} });
    expect(wire.starts).toHaveLength(0);
  });

  it('falls back to the signed PUT when the server has no tus endpoint', async () => {
    const wire = new Wire();
    wire.createStatus = 404;
    const { m } = manager(wire);
    const view = await m.add(video(), 'media');
    await m.whenDone(view.id);
    expect(wire.starts.map((s) => s.kind)).toEqual(['tus', 'put']);
  });

  it('gives files the browser leaves untyped a MIME type from their extension', () => {
    expect(contentTypeOf({ name: 'talk.es.SRT', type: '' })).toBe('application/x-subrip');
    expect(contentTypeOf({ name: 'report.docx', type: '' })).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(contentTypeOf({ name: 'clip.mkv', type: 'video/webm' })).toBe('video/webm');
    expect(contentTypeOf({ name: 'blob', type: '' })).toBe('application/octet-stream');
  });
});
