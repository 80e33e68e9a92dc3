import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withApp } from '../../../test-content';
import type { LibraryBanner } from '../api/library-banners';
import { BannerCarousel } from './BannerCarousel';

const banner = (id: string, link: string | null = null): LibraryBanner => ({
  id,
  image: { src: `/cms/uploads/${id}.png`, srcSet: undefined, alt: null, width: 1600, height: 500 },
  alt: `แบนเนอร์ ${id}`,
  link,
  order: 0,
  startsAt: null,
  endsAt: null,
});
const slides = () => screen.getAllByRole('group');
const shown = () => slides().findIndex((s) => !s.hasAttribute('inert'));

afterEach(() => vi.useRealTimers());

describe('library banner carousel', () => {
  it('one banner is a plain image with its link, without controls', () => {
    render(withApp(<BannerCarousel banners={[banner('a', '/free-trial')]} />));
    expect(screen.getByRole('link', { name: 'แบนเนอร์ a' }).getAttribute('href')).toBe('/free-trial');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('has labelled dots, previous and next, and arrow keys; hidden slides cannot be focused', () => {
    render(withApp(<BannerCarousel banners={[banner('a'), banner('b'), banner('c')]} />));
    expect(
      screen.getByRole('region', { name: 'โปรโมชันและข่าวสาร' }).getAttribute('aria-roledescription'),
    ).toBe('carousel');
    expect(slides().map((s) => s.getAttribute('aria-label'))).toEqual(['1 จาก 3', '2 จาก 3', '3 จาก 3']);
    expect(shown()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'ไปที่แบนเนอร์ที่ 3' }));
    expect(shown()).toBe(2);
    expect(screen.getByRole('button', { name: 'ไปที่แบนเนอร์ที่ 3' }).getAttribute('aria-current')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'แบนเนอร์ถัดไป' }));
    expect(shown()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'แบนเนอร์ก่อนหน้า' }));
    expect(shown()).toBe(2);
    fireEvent.keyDown(screen.getByRole('button', { name: 'แบนเนอร์ถัดไป' }), { key: 'ArrowRight' });
    expect(shown()).toBe(0);
    fireEvent.keyDown(screen.getByRole('button', { name: 'แบนเนอร์ถัดไป' }), { key: 'ArrowLeft' });
    expect(shown()).toBe(2);
  });

  it('rotates by itself every 6 s, stops on hover, focus and the pause button', () => {
    vi.useFakeTimers();
    // Three slides: a tick while paused would show another slide than the one held (with two, two ticks
    // bring the held one back).
    render(withApp(<BannerCarousel banners={[banner('a'), banner('b'), banner('c')]} />));
    act(() => vi.advanceTimersByTime(5999));
    expect(shown()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toBe(1);
    const region = screen.getByRole('region');
    fireEvent.mouseEnter(region);
    act(() => vi.advanceTimersByTime(6000));
    expect(shown()).toBe(1);
    act(() => vi.advanceTimersByTime(6000));
    expect(shown()).toBe(1);
    fireEvent.mouseLeave(region);
    act(() => vi.advanceTimersByTime(6000));
    expect(shown()).toBe(2);

    // Keyboard focus inside the carousel holds it too, until focus leaves it.
    const next = screen.getByRole('button', { name: 'แบนเนอร์ถัดไป' });
    fireEvent.focus(next);
    act(() => vi.advanceTimersByTime(6000));
    expect(shown()).toBe(2);
    fireEvent.blur(next, { relatedTarget: screen.getByRole('button', { name: 'แบนเนอร์ก่อนหน้า' }) });
    act(() => vi.advanceTimersByTime(6000));
    expect(shown()).toBe(2);
    fireEvent.blur(next, { relatedTarget: null });
    act(() => vi.advanceTimersByTime(6000));
    expect(shown()).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'หยุดเลื่อนแบนเนอร์อัตโนมัติ' }));
    fireEvent.blur(screen.getByRole('button', { name: 'เลื่อนแบนเนอร์อัตโนมัติ' }));
    act(() => vi.advanceTimersByTime(6000));
    expect(shown()).toBe(0);
    act(() => vi.advanceTimersByTime(6000));
    expect(shown()).toBe(0);
  });

  it('does not rotate for people who asked for reduced motion', () => {
    vi.useFakeTimers();
    vi.stubGlobal('matchMedia', (q: string) => ({
      matches: q.includes('reduce'),
      addEventListener() {},
      removeEventListener() {},
    }));
    render(withApp(<BannerCarousel banners={[banner('a'), banner('b')]} />));
    act(() => vi.advanceTimersByTime(30000));
    expect(shown()).toBe(0);
    expect(screen.getByRole('button', { name: 'เลื่อนแบนเนอร์อัตโนมัติ' })).toBeTruthy();
    vi.unstubAllGlobals();
  });
});
