/**
 * Checks an uploaded file by its content, not its name (uploads issue): media must hold an audio stream
 * (ffprobe), a document must open as a valid file of its type. Returns what pricing needs.
 */
import { probeMedia } from '../../media/probe.ts';
import { inspectDocument } from '../../documents/document-translator.ts';

/** Facts of an accepted file: seconds of media, or words of a document. */
export interface ContentFacts {
  durationSeconds?: number;
  wordCount?: number;
}

/** Thrown when the content is not what the upload claims; the message is shown to the user. */
export class ContentRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContentRejectedError';
  }
}

/**
 * @param kind the upload's class from its name and type.
 * @throws ContentRejectedError with the probe's or the document reader's own user-readable message.
 */
export async function checkContent(kind: 'media' | 'document', localPath: string, filename: string): Promise<ContentFacts> {
  if (kind === 'media') {
    let probe;
    try {
      probe = await probeMedia(localPath);
    } catch (err) {
      throw new ContentRejectedError((err as Error).message || 'This file is not a video or audio file that can be read.');
    }
    if (!probe.hasAudio) throw new ContentRejectedError('This file has no audio track, so there is nothing to translate.');
    if (!(probe.durationSeconds > 0)) throw new ContentRejectedError('This media file has no duration: it may be empty or damaged.');
    return { durationSeconds: probe.durationSeconds };
  }
  try {
    const doc = await inspectDocument(localPath, filename);
    return { wordCount: doc.words };
  } catch (err) {
    throw new ContentRejectedError((err as Error).message || 'This document could not be read.');
  }
}
