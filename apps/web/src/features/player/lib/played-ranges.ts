/**
 * The seconds of an episode actually played, as a union of ranges (PRODUCT.md section 5): completion is the
 * share of distinct seconds played, not the playhead, so seeking to the end completes nothing.
 */
export class PlayedRanges {
  private ranges: [number, number][] = [];
  private last: number | undefined;
  /** Between `start` and the first update counted: the player may still be finding its first frame. */
  private starting = false;
  /** A seek begun while starting: the player placing itself, not the learner jumping. */
  private placing = false;
  /** Played since the last `takeFresh`: what the next save tells the server. */
  private fresh: PlayedRanges | undefined;

  /** Largest step between two time updates still counted as playing (a bigger one is a jump). */
  static readonly MAX_STEP = 3;

  /**
   * A time update while playing: the span since the previous update counts, unless it was a jump (time
   * going backwards adds nothing: `add` drops an empty or backwards span).
   */
  tick(t: number): void {
    const still = this.starting && t === this.last;
    if (this.last !== undefined && t - this.last <= PlayedRanges.MAX_STEP) this.add(this.last, t);
    this.last = t;
    // An update still where playback started (the video has not moved yet) leaves the start open: the player's
    // placing seek may come after it.
    if (!still) this.starting = false;
  }

  /** Playback stopped or jumped (pause, seek): the next update starts a new range. */
  cut(): void {
    this.last = undefined;
    this.starting = false;
    this.placing = false;
  }

  /**
   * A seek begins. Right after a start, before any update was counted, it is the player placing itself on
   * its first media (hls.js moves from 0 to where the first segment's picture begins, 0.1-0.6 s in): the
   * start is kept, and the first update still has to be within `MAX_STEP` of it. Otherwise a jump: `cut`.
   */
  seeking(): void {
    if (this.starting) this.placing = true;
    else this.cut();
  }

  /** A seek ended: a jump starts a new range; the player's own placing at a start does not. */
  seeked(): void {
    if (this.placing) this.placing = false;
    else this.cut();
  }

  /**
   * Playback starts at `t` (the play event): the first time update, which comes a fraction of a second
   * later, counts from there, so that watching from the start covers second 0 (issue 15). The first update
   * still has to be a playback step away (`MAX_STEP`), or nothing before it counts.
   */
  start(t: number): void {
    this.last = t;
    this.starting = true;
  }

  add(from: number, to: number): void {
    if (!(to > from)) return;
    if (this.fresh) this.fresh.add(from, to);
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

  /** Starts keeping what is played from now on apart, for `takeFresh`. */
  trackFresh(): void {
    this.fresh = new PlayedRanges();
  }

  /** The ranges played since the previous call (or `trackFresh`), and starts afresh. */
  takeFresh(): [number, number][] {
    const taken = this.fresh?.toJSON() ?? [];
    this.fresh = new PlayedRanges();
    return taken;
  }

  /** Ranges a save could not deliver: the next save carries them again. */
  giveBack(ranges: [number, number][]): void {
    for (const [a, b] of ranges) this.fresh?.add(a, b);
  }

  toJSON(): [number, number][] {
    return this.ranges.map(([a, b]) => [a, b]);
  }
}
