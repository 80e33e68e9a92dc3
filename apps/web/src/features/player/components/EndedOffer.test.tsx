import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssessmentSummary } from '@rianroo/contract';
import { I18nProvider } from '../../../lib/i18n';
import type { PlayerEpisode } from '../api/episodes';
import type { EndedStep } from '../lib/course-steps';
import { AUTO_NEXT_SECONDS, EndedOffer } from './EndedOffer';

const next = { id: 'ep-2', title: 'งบประมาณ 50/30/20', locked: false } as PlayerEpisode;
const quiz = { id: 'quiz-1', title: 'แบบทดสอบท้ายตอน: เงินสำรอง' } as AssessmentSummary;

function renderOffer(step: EndedStep, onPlayNext = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider>
        <MemoryRouter>
          <EndedOffer
            slug="personal-finance-101"
            step={step}
            next={next}
            lockedAfter={false}
            onPlayNext={onPlayNext}
          />
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
  return onPlayNext;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('EndedOffer', () => {
  it('offers the unpassed quiz first and does not start the next episode by itself', async () => {
    const onPlayNext = renderOffer({ kind: 'quiz', test: quiz });
    const link = screen.getByRole('link', { name: `ทำแบบทดสอบ: ${quiz.title}` });
    expect(link.getAttribute('href')).toBe('/library/course/personal-finance-101/test/quiz-1');
    expect(document.activeElement).toBe(link);
    expect(screen.queryByText(/ตอนถัดไปจะเริ่มใน/)).toBeNull();
    await act(async () => vi.advanceTimersByTime((AUTO_NEXT_SECONDS + 5) * 1000));
    expect(onPlayNext).not.toHaveBeenCalled();
    // The next episode is still one click away.
    act(() => screen.getByRole('button', { name: 'ดูตอนถัดไป: งบประมาณ 50/30/20' }).click());
    expect(onPlayNext).toHaveBeenCalledWith(next);
  });

  it('without a quiz, counts down and starts the next episode', async () => {
    const onPlayNext = renderOffer({ kind: 'next' });
    expect(screen.getByText(`ตอนถัดไปจะเริ่มใน ${AUTO_NEXT_SECONDS} วินาที`)).toBeTruthy();
    for (let i = 0; i < AUTO_NEXT_SECONDS; i++) await act(async () => vi.advanceTimersByTime(1000));
    expect(onPlayNext).toHaveBeenCalledWith(next);
  });

  it('offers the post-test, or the completed course, without a countdown', () => {
    renderOffer({ kind: 'postTest', test: { ...quiz, id: 'post-1' } });
    expect(screen.getByRole('link', { name: 'ทำแบบทดสอบหลังเรียน' }).getAttribute('href')).toBe(
      '/library/course/personal-finance-101/test/post-1',
    );
    expect(screen.queryByText(/ตอนถัดไปจะเริ่มใน/)).toBeNull();
  });

  it('says the course is completed and links to its results and certificate', () => {
    renderOffer({ kind: 'completed' });
    expect(screen.getByRole('status').textContent).toContain('ยินดีด้วย');
    expect(screen.getByRole('link', { name: 'เรียนจบคอร์สแล้ว — ดูผลและรับใบประกาศ' }).getAttribute('href')).toBe(
      '/library/course/personal-finance-101/completed',
    );
  });
});
