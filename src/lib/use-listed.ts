/**
 * The load pattern of the Settings lists (API keys, webhooks, glossary): a list read from the API when the section
 * mounts and again after each change, and every failure shown as a toast in the user's language (the error code's
 * catalog text, never the server's raw message).
 */
import { useCallback, useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { toast } from '../components/toast/toast-store.ts';
import { errorInfoOf } from './api-error.ts';
import { describeError } from './error-text.ts';

/** What `useListed` gives a section: the last answer (null until the first), `reload`, and `fail` for its own calls. */
export interface Listed<T> {
  data: T | null;
  /** Reads the list again; a failure is shown with `fail`, and the last answer is kept. */
  reload: () => Promise<void>;
  /** Shows `error` as a destructive toast ("Error" and the code's text, or "Please try again in a moment."). */
  fail: (error: unknown) => void;
}

/** Loads `fetchList` on mount (and on `reload`); `fetchList` should be a stable module function. */
export function useListed<T>(fetchList: () => Promise<T>): Listed<T> {
  const { t, i18n } = useLingui();
  const [data, setData] = useState<T | null>(null);
  const fail = useCallback(
    (error: unknown) => {
      toast({
        title: t`Error`,
        description: describeError(errorInfoOf(error), i18n, t`Please try again in a moment.`),
        variant: 'destructive',
      });
    },
    [i18n, t],
  );
  const reload = useCallback(() => fetchList().then(setData, fail), [fetchList, fail]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, reload, fail };
}
