import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubContentService, withApp } from '../../../test-content';
import AnnouncementBar, { DISMISSED_KEY } from './AnnouncementBar';

const bar = (data: object | null) => ({ 'announcement-bar': { data } });
beforeEach(() => {
  sessionStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('announcement bar', () => {
  it('shows the message with its link, and a dismissed one stays hidden for the session', async () => {
    stubContentService(
      bar({ enabled: true, message: 'ลดทุกคอร์ส 50%', link: '/free-trial', linkLabel: 'ดูรายละเอียด' }),
    );
    const { unmount } = render(withApp(<AnnouncementBar />));
    const region = await screen.findByRole('region', { name: 'ประกาศ' });
    expect(region.textContent).toContain('ลดทุกคอร์ส 50%');
    const link = screen.getByRole('link', { name: 'ดูรายละเอียด' });
    expect(link.getAttribute('href')).toBe('/free-trial');
    expect(link.getAttribute('target')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'ปิดประกาศ' }));
    expect(screen.queryByRole('region', { name: 'ประกาศ' })).toBeNull();
    expect(sessionStorage.getItem(DISMISSED_KEY)).toContain('ลดทุกคอร์ส 50%');
    unmount();

    // Another page of the same session (the answer comes from the session too).
    const fetchMock = stubContentService({});
    render(withApp(<AnnouncementBar />));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/public-config'));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('region', { name: 'ประกาศ' })).toBeNull();
    expect(fetchMock.mock.calls.some((c) => String(c[0]).startsWith('/cms/'))).toBe(false);
  });

  it('a new message shows again after an old one was dismissed', async () => {
    sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(['ข่าวเก่า', null]));
    stubContentService(bar({ enabled: true, message: 'ข่าวใหม่', link: null }));
    render(withApp(<AnnouncementBar />));
    expect((await screen.findByRole('region', { name: 'ประกาศ' })).textContent).toContain('ข่าวใหม่');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('the whole message is the link when there is no label; other sites open in a new tab', async () => {
    stubContentService(
      bar({ enabled: true, message: 'แชทกับเรา', link: 'https://line.me/rianroo', linkLabel: null }),
    );
    render(withApp(<AnnouncementBar />));
    const link = await screen.findByRole('link', { name: /แชทกับเรา/ });
    expect(link.getAttribute('href')).toBe('https://line.me/rianroo');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows nothing when disabled or when the content service fails', async () => {
    const fetchMock = stubContentService(bar({ enabled: false, message: 'ปิดอยู่' }));
    const { container } = render(withApp(<AnnouncementBar />));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(container.innerHTML).toBe('');
    sessionStorage.clear();
    const failing = stubContentService({});
    const second = render(withApp(<AnnouncementBar />));
    await vi.waitFor(() => expect(failing).toHaveBeenCalledTimes(2));
    expect(second.container.innerHTML).toBe('');
    expect(console.error).toHaveBeenCalled();
  });
});
