/** webvtt-parser ships no types; the tests use only its parser's errors and cues. */
declare module 'webvtt-parser' {
  export class WebVTTParser {
    parse(
      input: string,
      mode?: 'metadata' | 'chapters',
    ): { errors: unknown[]; cues: Array<{ id: string; startTime: number; endTime: number; text: string }> };
  }
}
