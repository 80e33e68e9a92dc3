import { describe, expect, it } from 'vitest';
import { choicesIn, drawSheet, promptKey, shuffled } from './pool.js';

/** A source of "random" numbers that always answers the highest: Fisher-Yates then leaves every item in place. */
const last = (n: number) => n - 1;
/** Always the lowest: each step swaps with the first item. */
const first = () => 0;

const q = (id: string, topic = '', prompt = id) => ({ id, topic, prompt });

describe('question pools (pure)', () => {
  it('reads a prompt the same whatever its spacing, case or Unicode form', () => {
    expect(promptKey('  Hello \n  World ')).toBe('hello world');
    expect(promptKey('e\u0301')).toBe(promptKey('\u00e9'));
    expect(promptKey('ก ข')).not.toBe(promptKey('กข'));
  });

  it('shuffles with the source it is given, leaving the input as it was', () => {
    const items = [1, 2, 3, 4];
    expect(shuffled(items, last)).toEqual([1, 2, 3, 4]);
    expect(shuffled(items, first)).toEqual([2, 3, 4, 1]);
    expect(items).toEqual([1, 2, 3, 4]);
  });

  it('asks every question in the author order without a pool or a shuffle', () => {
    const qs = [q('a'), q('b'), q('c')];
    expect(drawSheet(qs, { count: null, shuffle: false }, first)).toEqual(['a', 'b', 'c']);
    expect(drawSheet(qs, { count: 3, shuffle: false }, first)).toEqual(['a', 'b', 'c']);
    expect(drawSheet(qs, { count: 9, shuffle: false }, first)).toEqual(['a', 'b', 'c']);
  });

  it('takes a short topic to its end and no further, then the next tier', () => {
    const qs = [q('a1', 'A'), q('a2', 'A'), q('b1', 'B'), q('m1', 'A', 'met'), q('m2', 'B', 'met too')];
    const avoid = [new Set(['met', 'met too'])];
    expect(drawSheet(qs, { count: 4, shuffle: false, avoid }, last)).toEqual(['a1', 'a2', 'b1', 'm1']);
  });

  it('draws the count, one topic after another, and keeps the author order unless it shuffles', () => {
    const qs = [q('a1', 'A'), q('a2', 'A'), q('a3', 'A'), q('b1', 'B'), q('c1', 'C')];
    const sheet = drawSheet(qs, { count: 3, shuffle: false }, last);
    expect(sheet).toEqual(['a1', 'b1', 'c1']);
    expect(drawSheet(qs, { count: 4, shuffle: false }, last)).toEqual(['a1', 'a2', 'b1', 'c1']);
    expect(drawSheet(qs, { count: 3, shuffle: true }, first)).toHaveLength(3);
    expect(new Set(drawSheet(qs, { count: 3, shuffle: true }, first))).not.toEqual(new Set(sheet));
  });

  it('treats topics the same whatever the spacing around them', () => {
    const qs = [q('a1', 'A'), q('a2', ' A '), q('b1', 'B')];
    expect(drawSheet(qs, { count: 2, shuffle: false }, last)).toEqual(['a1', 'b1']);
  });

  it('draws questions met elsewhere only when the others are too few', () => {
    const qs = [q('m1', 'A', 'Met one'), q('n1', 'A'), q('m2', 'B', 'met  TWO'), q('n2', 'B')];
    const avoid = [new Set([promptKey('met one'), promptKey('Met two')])];
    expect(drawSheet(qs, { count: 2, shuffle: false, avoid }, last)).toEqual(['n1', 'n2']);
    expect(drawSheet(qs, { count: 3, shuffle: false, avoid }, last)).toEqual(['m1', 'n1', 'n2']);
    expect(drawSheet(qs, { count: 2, shuffle: false }, last)).toEqual(['m1', 'm2']);
    expect(drawSheet(qs, { count: 2, shuffle: false, avoid: [] }, last)).toEqual(['m1', 'm2']);
  });

  it('draws from the later, more avoided sets last: none, then the first set, then the second', () => {
    const qs = [q('a'), q('b'), q('c'), q('d')];
    const avoid = [new Set(['a', 'b']), new Set(['b', 'c'])];
    // Tiers: d (none), a (first only), b and c (second).
    expect(drawSheet(qs, { count: 1, shuffle: false, avoid }, last)).toEqual(['d']);
    expect(drawSheet(qs, { count: 2, shuffle: false, avoid }, last)).toEqual(['a', 'd']);
    expect(drawSheet(qs, { count: 3, shuffle: false, avoid }, last)).toEqual(['a', 'b', 'd']);
    expect(drawSheet(qs, { count: 3, shuffle: false, avoid: [avoid[1]!, avoid[0]!] }, last)).toEqual([
      'a',
      'c',
      'd',
    ]);
  });

  it('orders choices by the attempt when the test shuffles, the same each time, true or false kept', () => {
    const choices = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'].map((id) => ({ id }));
    const single = { kind: 'single', choices };
    const a = choicesIn('attempt-1', single, true);
    expect(choicesIn('attempt-1', single, true)).toEqual(a);
    expect([...a].sort((x, y) => x.id.localeCompare(y.id))).toEqual(choices);
    const others = ['attempt-2', 'attempt-3', 'attempt-4'].map((id) => choicesIn(id, single, true));
    expect(others.some((o) => JSON.stringify(o) !== JSON.stringify(a))).toBe(true);
    expect(choicesIn('attempt-1', single, false)).toEqual(choices);
    expect(choicesIn(undefined, single, true)).toEqual(choices);
    expect(choicesIn('attempt-1', { kind: 'true_false', choices: choices.slice(0, 2) }, true)).toEqual(
      choices.slice(0, 2),
    );
  });
});
