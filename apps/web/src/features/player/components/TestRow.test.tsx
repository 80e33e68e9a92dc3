import type { AssessmentSummary } from '@rianroo/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withApp } from '../../../test-content';
import { TestRow } from './TestRow';

const preTest = (over: Partial<AssessmentSummary> = {}): AssessmentSummary => ({
  id: 'pre-1',
  kind: 'pre_test',
  title: 'แบบทดสอบก่อนเรียน',
  questionCount: 5,
  passingScore: 0,
  maxAttempts: 1,
  timeLimitSeconds: null,
  skippable: true,
  attemptsUsed: 1,
  bestScore: 40,
  passed: false,
  ...over,
});

/** The row's mark: a tick once done, the quiz sign while still to do. */
const tick = 'M5 12.5l4.5 4.5L19 7.5';
const mark = () => screen.getByRole('link').querySelector('path')?.getAttribute('d');

describe('a test in the episode list', () => {
  it('a pre-test without a pass mark, once taken, is done (a tick and its score), never "not passed"', () => {
    render(withApp(<TestRow slug="money" test={preTest()} />));
    const row = screen.getByRole('link');
    expect(row.textContent).toContain('ทำแล้ว · 40%');
    expect(row.textContent).not.toMatch(/ผ่าน/);
    expect(mark()).toBe(tick);
  });

  it('a pre-test with a pass mark not reached yet is taken, with no tick; not taken, it is to do', () => {
    const { unmount } = render(withApp(<TestRow slug="money" test={preTest({ passingScore: 60 })} />));
    expect(screen.getByRole('link').textContent).toContain('ทำแล้ว · 40%');
    expect(mark()).not.toBe(tick);
    unmount();
    render(withApp(<TestRow slug="money" test={preTest({ attemptsUsed: 0, bestScore: null })} />));
    expect(screen.getByRole('link').textContent).toContain('ทำแบบทดสอบ');
    expect(mark()).not.toBe(tick);
  });
});
