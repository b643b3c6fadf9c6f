/**
 * Checks an uploaded file by its content, not its name (uploads issue): media must hold an audio stream
 * (ffprobe), a document must open as a valid file of its type. Returns what pricing needs.
 */
import { readFile } from 'node:fs/promises';
import { probeMedia } from '../../media/probe.ts';
import { decodeWordsFile, readSourceWords } from '../../media/subtitle-import.ts';
import { inspectDocument } from '../../documents/document-translator.ts';
import { CodedError, type ErrorCode } from '../../errors.ts';

/** Facts of an accepted file: seconds of media and whether it has a picture, or words of a document. */
export interface ContentFacts {
  durationSeconds?: number;
  hasVideo?: boolean;
  wordCount?: number;
}

/** Thrown when the content is not what the upload claims: the probe's or the reader's code and message. */
export class ContentRejectedError extends CodedError {
  constructor(code: ErrorCode, message?: string, detail?: string) {
    super(code, message, detail);
    this.name = 'ContentRejectedError';
  }
}

/**
 * @param kind the upload's class from its name and type; `declaredCharset` the charset a text file was declared in.
 * @throws ContentRejectedError with the probe's or the document reader's own code and user-readable message.
 */
export async function checkContent(
  kind: 'media' | 'document',
  localPath: string,
  filename: string,
  declaredCharset?: string,
): Promise<ContentFacts> {
  if (kind === 'media') {
    let probe;
    try {
      probe = await probeMedia(localPath);
    } catch (err) {
      if (err instanceof CodedError) throw new ContentRejectedError(err.code, err.message, err.detail);
      throw new ContentRejectedError('CORRUPT_MEDIA', undefined, (err as Error).message);
    }
    if (!probe.hasAudio)
      throw new ContentRejectedError(
        'NO_AUDIO_STREAM',
        'This file has no audio track, so there is nothing to translate.',
      );
    if (!(probe.durationSeconds > 0))
      throw new ContentRejectedError('EMPTY_MEDIA', 'This media file has no duration: it may be empty or damaged.');
    return { durationSeconds: probe.durationSeconds, hasVideo: probe.hasVideo };
  }
  if (filename.toLowerCase().endsWith('.txt')) {
    // A transcript for a media job (source_subtitles_url): readable text with words.
    try {
      const words = readSourceWords(decodeWordsFile(await readFile(localPath), declaredCharset), 'txt');
      const text = words.kind === 'transcript' ? words.text : words.cues.flatMap((c) => c.lines).join(' ');
      return { wordCount: text.split(/\s+/).filter(Boolean).length };
    } catch (err) {
      if (err instanceof CodedError) throw new ContentRejectedError(err.code, err.message, err.detail);
      throw err;
    }
  }
  try {
    const doc = await inspectDocument(localPath, filename);
    return { wordCount: doc.words };
  } catch (err) {
    if (err instanceof CodedError) throw new ContentRejectedError(err.code, err.message, err.detail);
    throw new ContentRejectedError('UNREADABLE', undefined, (err as Error).message);
  }
}
