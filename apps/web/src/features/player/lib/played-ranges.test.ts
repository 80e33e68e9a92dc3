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

  it('a step of up to 3 s between time updates counts as played; a longer one is a jump', () => {
    const r = new PlayedRanges();
    r.tick(10);
    r.tick(13);
    expect(r.toJSON()).toEqual([[10, 13]]);
    r.tick(16.01);
    expect(r.toJSON()).toEqual([[10, 13]]);
  });

  it('a pause or a seek ends the range: the next update starts a new one, however close', () => {
    const r = new PlayedRanges();
    play(r, 0, 2);
    r.cut();
    r.tick(4);
    r.tick(4.25);
    expect(r.toJSON()).toEqual([
      [0, 2],
      [4, 4.25],
    ]);
  });

  it('playback started at a position counts from there at the first time update (issue 15)', () => {
    const r = new PlayedRanges();
    r.start(0);
    r.tick(0.4);
    r.tick(0.65);
    expect(r.toJSON()).toEqual([[0, 0.65]]);
    // Started at 30, but the first update is 4 s later: a jump, nothing before it counts.
    r.start(30);
    r.tick(34);
    r.tick(34.25);
    expect(r.toJSON()).toEqual([
      [0, 0.65],
      [34, 34.25],
    ]);
  });

  it("an update still at the start leaves it open to the player's placing seek after it", () => {
    const r = new PlayedRanges();
    r.start(0);
    r.tick(0);
    r.seeking();
    r.seeked();
    r.tick(0.4);
    expect(r.toJSON()).toEqual([[0, 0.4]]);
    // Once it has moved, a seek is a jump.
    r.seeking();
    r.seeked();
    r.tick(2);
    r.tick(2.25);
    expect(r.toJSON()).toEqual([
      [0, 0.4],
      [2, 2.25],
    ]);
  });

  it('an empty or backwards range adds nothing', () => {
    const r = new PlayedRanges();
    r.add(3, 3);
    r.add(9, 8);
    expect(r.toJSON()).toEqual([]);
    expect(r.seconds()).toBe(0);
  });

  it('ranges that only touch join into one, whichever is played first', () => {
    const a = new PlayedRanges();
    a.add(0, 5);
    a.add(5, 10);
    expect(a.toJSON()).toEqual([[0, 10]]);
    const b = new PlayedRanges();
    b.add(5, 10);
    b.add(0, 5);
    expect(b.toJSON()).toEqual([[0, 10]]);
  });
});

describe('seeks, in the order the browser fires them: seeking, a time update at the new position, seeked', () => {
  it("the end of a learner's seek cuts again: the time update heard during the seek counts nothing", () => {
    const r = new PlayedRanges();
    play(r, 0, 2);
    r.seeking();
    r.tick(20);
    r.seeked();
    r.tick(20.25);
    r.tick(20.5);
    expect(r.toJSON()).toEqual([
      [0, 2],
      [20.25, 20.5],
    ]);
  });

  it('after a pause, a seek is a jump, not the player placing itself', () => {
    const r = new PlayedRanges();
    r.start(0);
    r.tick(0.25);
    r.tick(0.5);
    r.cut(); // paused
    r.seeking();
    r.tick(20);
    r.seeked();
    r.tick(20.25);
    r.tick(20.5);
    expect(r.toJSON()).toEqual([
      [0, 0.5],
      [20.25, 20.5],
    ]);
  });

  it('a seek before playback ever started is a jump', () => {
    const r = new PlayedRanges();
    r.seeking();
    r.tick(20);
    r.seeked();
    r.tick(20.25);
    r.tick(20.5);
    expect(r.toJSON()).toEqual([[20.25, 20.5]]);
  });

  it("a 'seeked' heard without its 'seeking' is a jump", () => {
    const r = new PlayedRanges();
    r.tick(10);
    r.seeked();
    r.tick(11);
    r.tick(11.25);
    expect(r.toJSON()).toEqual([[11, 11.25]]);
  });

  it("the player's placing at a start ends with its seek: a later 'seeked' alone is a jump again", () => {
    const r = new PlayedRanges();
    r.start(0);
    r.seeking();
    r.tick(0.2);
    r.seeked();
    r.tick(0.45);
    expect(r.toJSON()).toEqual([[0, 0.45]]);
    r.seeked();
    r.tick(2);
    r.tick(2.25);
    expect(r.toJSON()).toEqual([
      [0, 0.45],
      [2, 2.25],
    ]);
  });
});

describe('what is new since the last save (issue 15)', () => {
  it('before tracking starts nothing is fresh; then each take gives what was played since the previous one', () => {
    const r = new PlayedRanges();
    r.add(0, 5);
    expect(r.takeFresh()).toEqual([]);
    r.trackFresh();
    r.add(5, 8);
    r.add(20, 21);
    expect(r.takeFresh()).toEqual([
      [5, 8],
      [20, 21],
    ]);
    expect(r.takeFresh()).toEqual([]);
    r.add(30, 31);
    expect(r.takeFresh()).toEqual([[30, 31]]);
    // The whole union is still there for the completion.
    expect(r.toJSON()).toEqual([
      [0, 8],
      [20, 21],
      [30, 31],
    ]);
  });

  it('ranges given back (a failed save) go out with the next take, joined with what was played since', () => {
    const r = new PlayedRanges();
    r.trackFresh();
    r.add(0, 4);
    const undelivered = r.takeFresh();
    r.add(4, 6);
    r.giveBack(undelivered);
    expect(r.takeFresh()).toEqual([[0, 6]]);
    expect(r.toJSON()).toEqual([[0, 6]]);
  });

  it('giving ranges back while nothing is tracked changes nothing', () => {
    const r = new PlayedRanges();
    r.add(0, 2);
    r.giveBack([[5, 6]]);
    expect(r.toJSON()).toEqual([[0, 2]]);
    expect(r.takeFresh()).toEqual([]);
  });
});
