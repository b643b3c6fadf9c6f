/**
 * Billing does not charge encoder padding (issue 39 item 3): a "5:00" AAC encode probes as 300.032 s and is billed
 * 5 minutes (60 credits for subtitles and a dub into three languages, not 72); anything past the grace still
 * starts the next minute.
 */
import { describe, expect, it } from 'vitest';
import { BILLING_GRACE_SECONDS, billedMinutes, priceMedia } from '../../../server/src/modules/jobs/pricing.ts';

describe('billed minutes', () => {
  it('a 300.032 s file (32 ms of AAC padding) costs 5 minutes, not 6', () => {
    expect(billedMinutes(300.032)).toBe(5);
    const price = priceMedia(300.032, ['fr', 'de', 'ja'], ['subtitle', 'voice_over'], 'en');
    expect(price.credits).toBe(60);
  });

  it('the grace is under a second; past it the next minute is billed', () => {
    expect(BILLING_GRACE_SECONDS).toBeGreaterThan(0);
    expect(BILLING_GRACE_SECONDS).toBeLessThan(1);
    expect(billedMinutes(300 + BILLING_GRACE_SECONDS)).toBe(5);
    expect(billedMinutes(300 + BILLING_GRACE_SECONDS + 0.01)).toBe(6);
    expect(billedMinutes(300.9)).toBe(6);
    expect(billedMinutes(3600.02)).toBe(60);
  });

  it('any media costs at least a minute, and whole minutes stay as they were', () => {
    expect(billedMinutes(0.2)).toBe(1);
    expect(billedMinutes(11)).toBe(1);
    expect(billedMinutes(60)).toBe(1);
    expect(billedMinutes(61)).toBe(2);
    expect(billedMinutes(299.99)).toBe(5);
  });
});
