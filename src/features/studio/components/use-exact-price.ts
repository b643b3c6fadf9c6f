import { useEffect, useState } from 'react';
import type { EstimateRequest, EstimateResponse } from '../../../../contract/jobs.ts';
import { estimateJob } from '../api/studio.api.ts';

/**
 * The server's price for exactly this file and configuration (POST /v1/jobs/estimate), asked 300 ms after the
 * last change; null while unknown (no file on the server yet, no target, or the call failed). An answer for an
 * earlier configuration is never shown.
 */
export function useExactPrice(input: EstimateRequest | null): EstimateResponse | null {
  const key = JSON.stringify(input);
  const [answer, setAnswer] = useState<{ key: string; estimate: EstimateResponse } | null>(null);
  useEffect(() => {
    const body = JSON.parse(key) as EstimateRequest | null;
    if (!body) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      estimateJob(body, controller.signal)
        .then((estimate) => setAnswer({ key, estimate }))
        .catch(() => setAnswer(null));
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);
  return answer?.key === key ? answer.estimate : null;
}
