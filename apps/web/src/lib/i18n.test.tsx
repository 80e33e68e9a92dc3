import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { formatYear, I18nProvider, useI18n } from './i18n';
import { KEYS } from './storage';
import { en, th } from './i18n-strings';
import { errorCodes } from '@rianroo/contract';

const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider>{children}</I18nProvider>;

describe('messages with values', () => {
  it('puts each {name} of the message in its place, and leaves a name without a value as it is', () => {
    const { result } = renderHook(() => useI18n(), { wrapper });
    const { t } = result.current;
    expect(t('banner.slide', { n: 2, total: 5 })).toMatch(/2.*5/);
    expect(t('banner.slide', { n: 2, total: 5 })).not.toMatch(/\{/);
    expect(t('offer.promoCode', { code: 'BACK20' })).toContain('BACK20');
    expect(t('banner.slide', { n: 2 })).toContain('{total}');
    expect(t('banner.slide')).toContain('{n}');
  });
});

describe('error codes', () => {
  it('every code the API can answer has its text in Thai and in English', () => {
    const missing = errorCodes.filter((c) => !(`error.${c}` in th) || !(`error.${c}` in en));
    expect(missing).toEqual([]);
  });
});

describe('counts in English', () => {
  const english = () => {
    localStorage.setItem(KEYS.lang, 'en');
    try {
      return renderHook(() => useI18n(), { wrapper }).result.current.t;
    } finally {
      localStorage.removeItem(KEYS.lang);
    }
  };

  it('one is said in the singular and other counts in the plural (points, questions, attempts, episodes…)', () => {
    const t = english();
    expect(t('assess.points', { n: 1 })).toBe('1 point');
    expect(t('assess.points', { n: 2 })).toBe('2 points');
    expect(t('assess.confirm.unanswered', { n: 1 })).toMatch(/^1 question is not answered/);
    expect(t('assess.confirm.unanswered', { n: 3 })).toMatch(/^3 questions are not answered/);
    expect(t('assess.attemptsLeft', { n: 1 })).toBe('1 attempt left');
    expect(t('assess.attemptsLeft', { n: 0 })).toBe('0 attempts left');
    expect(t('assess.prereqLead', { n: 1 })).toBe('1 episode to go:');
    expect(t('assess.questionsValue', { n: 1 })).toBe('1 question');
    expect(t('assess.timeValue', { n: 1 })).toBe('1 minute');
    expect(t('assess.noAttemptsLeft', { max: 1 })).toBe('You have used your one attempt of this test.');
    expect(t('assess.noAttemptsLeft', { max: 3 })).toBe('You have used all 3 attempts of this test.');
    expect(t('assess.result.points', { earned: 1, total: 1 })).toBe('1 of 1 point');
    expect(t('assess.result.earned', { earned: 0, total: 2 })).toBe('0/2 points');
    expect(t('cert.rating.stars', { n: 1 })).toBe('1 star');
    expect(t('cert.form.fixErrors', { n: 1 })).toBe('1 question still needs an answer');
    expect(t('cert.left.episodesCount', { watched: 0, total: 1 })).toBe('0 of 1 episode watched');
    expect(t('plan.trialDays', { days: 1 })).toBe('Free for 1 day');
    expect(t('course.episodes', { n: 1 })).toBe('1 episode');
    expect(t('course.videoEpisodes', { n: 1 })).toBe('1 video episode');
    expect(t('field.tooShort', { n: 1 })).toBe('Enter at least 1 character');
  });

  it('no English message puts a bare count before a plural word: every one agrees with its number', () => {
    const counts = /\{(n|total|max|min|days|left|used|count|watched)\}[ /]+[a-z]+s\b/;
    expect(Object.entries(en).filter(([, m]) => counts.test(m))).toEqual([]);
  });

  it('Thai has no plural: the same words for one and for many', () => {
    const { t } = renderHook(() => useI18n(), { wrapper }).result.current;
    expect(t('assess.points', { n: 1 })).toBe('1 คะแนน');
    expect(t('assess.points', { n: 2 })).toBe('2 คะแนน');
  });
});

describe('years', () => {
  it('are in the Buddhist era in Thai and Gregorian in English, as the dates are', () => {
    const when = new Date('2026-06-01T00:00:00Z');
    expect(formatYear(when, 'th')).toBe('2569');
    expect(formatYear(when, 'en')).toBe('2026');
  });
});
