import { describe, expect, it } from 'vitest';
import { PlayedRanges } from './played-ranges';

const play = (r: PlayedRanges, from: number, to: number, step = 0.25) => {
  r.cut();
  for (let t = from; t <= to + 1e-9; t += step) r.tick(Math.round(t * 100) / 100);
};

describe('played seconds as a union of ranges', () => {
  it('counts what was played, once, however often it was replayed', () => {
    const r = new PlayedRanges();
    play(r, 0, 10);
    play(r, 5, 15);
    play(r, 0, 3);
    expect(r.seconds()).toBeCloseTo(15);
    expect(r.percent(30)).toBe(50);
    expect(r.toJSON()).toEqual([[0, 15]]);
  });

  it('does not count a seek: jumping to the end completes nothing', () => {
    const r = new PlayedRanges();
    play(r, 0, 2);
    r.tick(29.5); // the playhead jumped (a seek without a cut)
    r.tick(29.75);
    expect(r.seconds()).toBeCloseTo(2.25);
    expect(r.percent(30)).toBe(8);
  });

  it('keeps separate ranges apart and merges out-of-order ones that touch', () => {
    const r = new PlayedRanges();
    r.add(20, 25);
    r.add(0, 5);
    r.add(10, 12);
    expect(r.toJSON()).toEqual([
      [0, 5],
      [10, 12],
      [20, 25],
    ]);
    r.add(4, 21);
    expect(r.toJSON()).toEqual([[0, 25]]);
    r.add(3, 3); // empty
    r.add(9, 8); // backwards
    expect(r.seconds()).toBe(25);
  });

  it('never goes past 100% and says 0 without a duration', () => {
    const r = new PlayedRanges();
    r.add(0, 40);
    expect(r.percent(30)).toBe(100);
    expect(r.percent(0)).toBe(0);
    expect(r.percent(Number.NaN)).toBe(0);
  });

  it('ignores time going backwards and steps larger than a playback tick', () => {
    const r = new PlayedRanges();
    r.tick(10);
    r.tick(9);
    r.tick(9 + PlayedRanges.MAX_STEP + 0.5);
    expect(r.seconds()).toBe(0);
  });
});
