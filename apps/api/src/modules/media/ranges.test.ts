import { describe, expect, it } from 'vitest';
import { parseRange } from './ranges.js';

describe('the Range header', () => {
  it('reads a closed, an open and a suffix range', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
  });

  it('ignores what it does not serve (no header, other units, several ranges)', () => {
    expect(parseRange(undefined, 1000)).toBeUndefined();
    expect(parseRange('items=0-1', 1000)).toBeUndefined();
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeUndefined();
    expect(parseRange('bytes=-', 1000)).toBeUndefined();
  });

  it('calls a range outside the file unsatisfiable', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=50-10', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });
});
