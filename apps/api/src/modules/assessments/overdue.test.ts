import { ANSWER_GRACE_SECONDS } from '@rianroo/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { overdue } from './assessments.service.js';

/** The server's clock, set: the rule is about the deadline plus the grace, to the millisecond. */
const NOW = new Date('2026-11-28T05:00:00.000Z').getTime();
const deadline = (msFromNow: number) => ({ deadlineAt: new Date(NOW + msFromNow) });

describe('overdue: an attempt whose time and grace are over', () => {
  afterEach(() => void vi.useRealTimers());

  it('an untimed attempt is never overdue', () => {
    vi.useFakeTimers({ now: NOW });
    expect(overdue({ deadlineAt: null })).toBe(false);
  });

  it('is not overdue at its deadline, nor during the grace, nor at its very end; one millisecond later it is', () => {
    vi.useFakeTimers({ now: NOW });
    const grace = ANSWER_GRACE_SECONDS * 1000;
    expect(grace).toBeGreaterThan(1000);
    expect(overdue(deadline(60_000))).toBe(false);
    expect(overdue(deadline(0))).toBe(false);
    expect(overdue(deadline(-1000))).toBe(false);
    expect(overdue(deadline(-grace))).toBe(false);
    expect(overdue(deadline(-grace - 1))).toBe(true);
    expect(overdue(deadline(-60_000))).toBe(true);
  });
});
