/**
 * Signed PUT transport (spec section 7 "Direct upload"): the whole file in one PUT to `upload_url` with its
 * Content-Type and `x-amz-acl: public-read`, real byte progress from XMLHttpRequest. Not resumable: a dropped
 * connection restarts it from byte 0.
 */
import type { UploadRecord } from '../src/lib/db.ts';
import { refusalOf } from './transport-refusal.ts';
import { TransportError, type Transport, type TransportCallbacks } from './upload-manager.ts';

export function createPutTransport(record: UploadRecord, file: Blob, cb: TransportCallbacks): Transport {
  const xhr = new XMLHttpRequest();
  let aborted = false;
  return {
    start() {
      xhr.open('PUT', record.uploadUrl ?? '');
      xhr.setRequestHeader('Content-Type', record.contentType);
      xhr.setRequestHeader('x-amz-acl', 'public-read');
      xhr.upload.onprogress = (e) => cb.onProgress(e.loaded, e.total || record.sizeBytes);
      xhr.onload = () => {
        if (xhr.status >= 200 && xhr.status < 300) cb.onSuccess();
        else
          cb.onError(
            new TransportError(
              `Upload failed with status: ${xhr.status}`,
              xhr.status,
              'transfer',
              refusalOf(xhr.status, xhr.responseText),
            ),
          );
      };
      xhr.onerror = () => {
        if (!aborted) cb.onError(new TransportError('Failed to upload file', 0, 'transfer'));
      };
      xhr.send(file);
    },
    async abort() {
      aborted = true;
      xhr.abort();
    },
  };
}
