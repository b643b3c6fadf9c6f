// An ApiError thrown in the upload worker reaches the page with its code, status and details (Comlink alone would
// keep only the English message), so the page can word it in the user's language.
import { describe, expect, it } from 'vitest';
import * as Comlink from 'comlink';
import { ApiError, errorInfoOf } from '../../src/lib/api-error.ts';
import { keepErrorCodes } from '../../workers/worker-errors.ts';

type Handler = Comlink.TransferHandler<unknown, unknown>;

/** What the page receives when the worker throws `error`: serialised by the worker, deserialised by the page. */
function acrossTheBoundary(error: unknown): unknown {
  const handler = Comlink.transferHandlers.get('throw') as Handler;
  const [wire] = handler.serialize({ value: error });
  const copy: unknown = structuredClone(wire);
  try {
    handler.deserialize(copy);
  } catch (received) {
    return received;
  }
  throw new Error('the throw handler did not throw');
}

describe('worker errors', () => {
  it('keep their code, status and details across the worker boundary', () => {
    const refusal = new ApiError('PAYMENT_REQUIRED', 402, { price: 12, balance: 3 }, 'This job costs 12 credits.');
    expect(errorInfoOf(acrossTheBoundary(refusal)).code).toBe('UNKNOWN'); // Comlink alone loses the code
    keepErrorCodes();
    const received = acrossTheBoundary(refusal);
    expect(errorInfoOf(received)).toEqual({
      code: 'PAYMENT_REQUIRED',
      status: 402,
      details: { price: 12, balance: 3 },
    });
    expect((received as Error).message).toBe('This job costs 12 credits.');
    // Other errors cross as before.
    expect(errorInfoOf(acrossTheBoundary(new TypeError('boom')))).toEqual({ code: 'UNKNOWN', status: 0, details: {} });
  });
});
