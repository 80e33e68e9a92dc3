/**
 * The seconds of an episode actually played, as a union of ranges (PRODUCT.md section 5): completion is the
 * share of distinct seconds played, not the playhead, so seeking to the end completes nothing.
 */
export class PlayedRanges {
  private ranges: [number, number][] = [];
  private last: number | undefined;

  /** Largest step between two time updates still counted as playing (a bigger one is a jump). */
  static readonly MAX_STEP = 3;

  /** A time update while playing: the span since the previous update counts, unless it was a jump. */
  tick(t: number): void {
    if (this.last !== undefined && t > this.last && t - this.last <= PlayedRanges.MAX_STEP)
      this.add(this.last, t);
    this.last = t;
  }

  /** Playback stopped or jumped (pause, seek): the next update starts a new range. */
  cut(): void {
    this.last = undefined;
  }

  add(from: number, to: number): void {
    if (!(to > from)) return;
    const merged: [number, number][] = [];
    let [a, b] = [from, to];
    for (const [x, y] of this.ranges) {
      if (y < a || x > b) merged.push([x, y]);
      else [a, b] = [Math.min(a, x), Math.max(b, y)];
    }
    merged.push([a, b]);
    this.ranges = merged.sort((p, q) => p[0] - q[0]);
  }

  /** Seconds played, counting every second once. */
  seconds(): number {
    return this.ranges.reduce((sum, [a, b]) => sum + (b - a), 0);
  }

  /** Whole percent of the duration played (0 when the duration is unknown), at most 100. */
  percent(duration: number): number {
    if (!(duration > 0)) return 0;
    return Math.min(100, Math.round((this.seconds() / duration) * 100));
  }

  toJSON(): [number, number][] {
    return this.ranges.map(([a, b]) => [a, b]);
  }
}
