import { describe, expect, it } from 'vitest';
import { coalesce } from '../../../server/src/modules/uploads/coalescing-file-store.ts';

async function* chunks(sizes: number[], failAfter?: number) {
  let n = 0;
  for (const [i, size] of sizes.entries()) {
    if (failAfter === i) throw new Error('socket reset');
    yield new Uint8Array(size).map(() => n++ % 251);
  }
}

const collect = async (it: AsyncIterable<Buffer>) => {
  const out: Buffer[] = [];
  for await (const b of it) out.push(b);
  return out;
};

describe('tus writes gathered into large chunks', () => {
  it('re-chunks 64 KiB socket reads into 1 MiB writes, every byte in order', async () => {
    const sizes = Array.from({ length: 40 }, (_, i) => (i === 17 ? 1000 : 65536));
    const out = await collect(coalesce(chunks(sizes)));
    const total = sizes.reduce((a, b) => a + b, 0);
    expect(out.slice(0, -1).every((b) => b.length >= 1024 * 1024 && b.length < 1024 * 1024 + 65536)).toBe(true);
    expect(out.reduce((a, b) => a + b.length, 0)).toBe(total);
    const all = Buffer.concat(out);
    expect(all.every((v, i) => v === i % 251)).toBe(true);
  });

  it('keeps what arrived before the client stopped (the tus offset counts it)', async () => {
    const out = await collect(coalesce(chunks([65536, 65536, 300])));
    expect(out.map((b) => b.length)).toEqual([131372]);
  });

  it('passes a broken connection on as an error', async () => {
    await expect(collect(coalesce(chunks([65536, 65536, 65536], 2)))).rejects.toThrow('socket reset');
  });
});
