/**
 * Issue 19 must show: the OpenAPI document lists `num_speakers` in the job request and the speakers in the tracks
 * (GET and PUT /v1/jobs/{id}/tracks: `speakers` with names and voices, a `speaker` on every cue).
 */
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../../server/src/modules/docs/openapi.generator.ts';

type Schema = { properties?: Record<string, unknown>; $ref?: string };

describe('the OpenAPI document and speakers', () => {
  const doc = buildOpenApiDocument({ strict: true }) as unknown as {
    components: { schemas: Record<string, Schema> };
  };
  const schemas = doc.components.schemas;
  const named = (prefix: string) => Object.keys(schemas).filter((k) => k === prefix || k === `${prefix}Input`);

  it('lists num_speakers in the job request', () => {
    expect(JSON.stringify(doc)).toContain('"num_speakers"');
  });

  it('lists the speakers (names, voices) in GET and PUT tracks, and a speaker on every cue', () => {
    for (const name of [...named('TracksResponse'), ...named('SaveTracksRequest')])
      expect(Object.keys(schemas[name].properties ?? {})).toContain('speakers');
    for (const name of named('TrackCue')) expect(Object.keys(schemas[name].properties ?? {})).toContain('speaker');
    const speaker = named('TrackSpeaker').map((n) => schemas[n]);
    expect(speaker.length).toBeGreaterThan(0);
    for (const s of speaker) expect(Object.keys(s.properties ?? {})).toEqual(['id', 'name', 'voices']);
  });
});
