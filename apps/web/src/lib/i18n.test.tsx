import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { I18nProvider, useI18n } from './i18n';
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
