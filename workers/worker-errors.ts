/**
 * Keeps an ApiError's code, status and details when the worker throws it to the page: Comlink sends only an
 * Error's message, name and stack, and the page words failures by their code (src/lib/error-text.ts). The page
 * reads the copied fields with errorInfoOf.
 */
import * as Comlink from 'comlink';
import { ApiError } from '../src/lib/api-error.ts';

type ThrowHandler = Comlink.TransferHandler<{ value: unknown }, { isError: boolean; value: unknown }>;

/** Installs the worker side of the error transfer (once, at the worker's start). */
export function keepErrorCodes(): void {
  const base = Comlink.transferHandlers.get('throw') as ThrowHandler | undefined;
  if (!base) return;
  const handler: ThrowHandler = {
    canHandle: (value): value is { value: unknown } => base.canHandle(value),
    serialize(thrown) {
      const [serialized, transferables] = base.serialize(thrown);
      const error = thrown.value;
      if (error instanceof ApiError && serialized.isError) {
        const fields = { code: error.code, status: error.status, details: error.details };
        return [{ ...serialized, value: { ...(serialized.value as object), ...fields } }, transferables];
      }
      return [serialized, transferables];
    },
    deserialize: (serialized) => base.deserialize(serialized),
  };
  Comlink.transferHandlers.set('throw', handler);
}
