/** Pure helpers of the upload records: identity of a picked file, its MIME type, and the view the UI renders. */
import type { UploadRecord } from '../src/lib/db.ts';
import type { UploadView } from './upload-types.ts';

/** Stable identity of a picked file: the same file picked again after a restart gives the same value. */
export function fingerprintOf(file: { name: string; size: number; lastModified: number; type: string }): string {
  return ['tarjama', file.name, file.size, file.lastModified, file.type || 'application/octet-stream'].join('|');
}

const TYPES_BY_EXTENSION: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  srt: 'application/x-subrip',
  vtt: 'text/vtt',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
};

/** The file's MIME type; browsers leave it empty for .srt and some .mkv files, so the extension decides then. */
export function contentTypeOf(file: { name: string; type: string }): string {
  if (file.type) return file.type;
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return TYPES_BY_EXTENSION[ext] ?? 'application/octet-stream';
}

/** Picks the view the UI renders from the stored record. */
export function toView(record: UploadRecord, hasFile: boolean): UploadView {
  const percent = record.sizeBytes > 0 ? Math.min(100, Math.floor((record.bytesSent / record.sizeBytes) * 100)) : 0;
  return {
    id: record.id,
    filename: record.filename,
    contentType: record.contentType,
    sizeBytes: record.sizeBytes,
    bytesSent: record.bytesSent,
    percent: record.status === 'completed' ? 100 : percent,
    status: record.status,
    kind: record.kind,
    needsFile: record.status !== 'completed' && !hasFile,
    // A record kept by an older version holds an English sentence: shown as an upload failure without a code.
    error: typeof record.error === 'string' ? { code: 'UNKNOWN', status: 0, details: {} } : record.error,
    fileUrl: record.status === 'completed' ? record.fileUrl : undefined,
    transport: record.transport,
    createdAt: record.createdAt,
  };
}
