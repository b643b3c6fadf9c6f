/**
 * The conversion policy of the OpenAPI generator describes what the server accepts: a pattern applied after
 * lower-casing accepts both cases, and the inputs written out by hand (the e-mailed code, the job list's limit)
 * accept and refuse the same values as the contract's valibot schemas.
 */
import fs from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { caseInsensitive } from '../../../server/src/modules/docs/schema.converter.ts';
import { buildOpenApiDocument, CONTRACT_MODULES } from '../../../server/src/modules/docs/openapi.generator.ts';
import { OtpSchema } from '../../../contract/auth.ts';
import { SourceLanguageCode } from '../../../contract/languages.ts';

describe('the schema conversion policy', () => {
  it('turns a pattern applied after lower-casing into one that accepts both cases', () => {
    const source = SourceLanguageCode.pipe.find((a) => a.type === 'regex')!.requirement.source;
    const pattern = new RegExp(caseInsensitive(source));
    for (const code of ['es', 'pt-BR', 'EN-gb', 'auto', 'AUTO', 'Auto']) {
      expect(pattern.test(code), code).toBe(true);
      expect(v.safeParse(SourceLanguageCode, code).success, code).toBe(true);
    }
    for (const code of ['e', 'p1', 'en_gb', 'automatic']) {
      expect(pattern.test(code), code).toBe(false);
      expect(v.safeParse(SourceLanguageCode, code).success, code).toBe(false);
    }
    expect(caseInsensitive('^\\d[a-c]x$')).toBe('^\\d[a-cA-C][xX]$');
  });

  it('describes the verification code as the server reads it', () => {
    const doc: any = buildOpenApiDocument({ strict: true });
    const otp = doc.components.schemas.VerifyEmailRequest.properties.otp;
    const [asText, asNumber] = otp.anyOf;
    const fitsDoc = (x: string | number) =>
      typeof x === 'string'
        ? new RegExp(asText.pattern).test(x)
        : Number.isInteger(x) && x >= asNumber.minimum && x <= asNumber.maximum;
    for (const value of ['042917', ' 123456 ', 123456, '12345', 12345, '1234567', 'abcdef'])
      expect(fitsDoc(value), String(value)).toBe(v.safeParse(OtpSchema, value).success);
  });

  it('describes the job list limit as the server reads it', () => {
    const doc: any = buildOpenApiDocument({ strict: true });
    const limit = doc.paths['/v1/jobs/'].get.parameters.find((p: any) => p.name === 'limit');
    expect(limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 1000, default: 200 });
  });

  // The endpoint tables (endpoints.ts gathering each domain's <domain>.endpoints.ts, shaped by endpoint.ts) are the
  // operations, not components.
  it('names the schemas of every contract module (a new contract file must be listed)', () => {
    const files = fs
      .readdirSync(new URL('../../../contract/', import.meta.url))
      .filter((f) => f !== 'endpoints.ts' && f !== 'endpoint.ts' && !f.endsWith('.endpoints.ts'));
    expect(Object.keys(CONTRACT_MODULES).sort()).toEqual(files.sort());
  });
});
