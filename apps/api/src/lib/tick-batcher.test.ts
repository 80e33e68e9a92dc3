import { describe, expect, it } from 'vitest';
import { TickBatcher } from './tick-batcher.js';

describe('TickBatcher', () => {
  it('looks up the keys of one turn together, once each, and answers each caller with its own', async () => {
    const calls: string[][] = [];
    const b = new TickBatcher<string, number>(async (keys) => {
      calls.push(keys);
      return new Map(keys.filter((k) => k !== 'missing').map((k) => [k, k.length]));
    });
    const answers = await Promise.all(['a', 'bb', 'a', 'missing', 'ccc'].map((k) => b.get(k)));
    expect(answers).toEqual([1, 2, 1, undefined, 3]);
    expect(calls).toEqual([['a', 'bb', 'missing', 'ccc']]);
    await b.get('dddd');
    expect(calls).toHaveLength(2);
  });

  it('splits a large turn into batches, and a failed lookup fails only its own callers', async () => {
    const calls: number[][] = [];
    const b = new TickBatcher<number, number>(async (keys) => {
      calls.push(keys);
      if (keys.includes(0)) throw new Error('down');
      return new Map(keys.map((k) => [k, k * 2]));
    }, 3);
    const answers = await Promise.allSettled([0, 1, 2, 3, 4].map((k) => b.get(k)));
    expect(calls).toEqual([
      [0, 1, 2],
      [3, 4],
    ]);
    expect(answers.map((a) => a.status)).toEqual([
      'rejected',
      'rejected',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
  });
});
