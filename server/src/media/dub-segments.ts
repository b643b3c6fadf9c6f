/**
 * Dub segments from cues: the pipeline's rule lives in contract/dub-segments.ts (shared with the editor, which
 * estimates the sync of edited lines with it); re-exported here for the server's media code.
 */
export { segmentsFromCues, segmentsWithCues, type DubSegment } from '../../../contract/dub-segments.ts';
