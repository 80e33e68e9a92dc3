import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS } from '../lib/storage';
import { stubContentService, withApp } from '../test-content';
import { Layout } from './Layout';

/* The prices are where a visitor looks for them (issue 33): the header, its menu on a phone, and the footer. */
beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the pricing link', () => {
  it('is in the header beside the courses, in the menu a phone opens, and in the footer', () => {
    stubContentService({});
    render(withApp(<Layout>page</Layout>));
    const [header] = screen.getAllByRole('navigation', { name: 'เมนู' });
    const links = within(header!).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')]).slice(0, 2)).toEqual([
      ['คอร์สทั้งหมด', '/courses'],
      ['ราคา', '/pricing'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'เมนู' }));
    const menu = screen.getAllByRole('navigation', { name: 'เมนู' })[1]!;
    expect(within(menu).getByRole('link', { name: 'ราคา' }).getAttribute('href')).toBe('/pricing');
    const footer = screen.getByRole('navigation', { name: 'ลิงก์ท้ายหน้า' });
    expect(within(footer).getByRole('link', { name: 'ราคา' }).getAttribute('href')).toBe('/pricing');
  });

  it('in English', () => {
    localStorage.setItem(KEYS.lang, 'en');
    stubContentService({});
    render(withApp(<Layout>page</Layout>));
    expect(screen.getAllByRole('link', { name: 'Pricing' }).map((l) => l.getAttribute('href'))).toEqual([
      '/pricing',
      '/pricing',
    ]);
  });
});
