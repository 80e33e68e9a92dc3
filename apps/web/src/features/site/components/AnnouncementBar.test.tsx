import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS } from '../../../lib/storage';
import { stubContentService, subscriptionFixture, withApp } from '../../../test-content';
import { useAnnouncement } from '../api/announcement-bar';
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

  describe('audience', () => {
    const trialBar = bar({ enabled: true, message: 'ทดลองเรียนฟรี 7 วัน', audience: 'non_subscribers' });
    const logIn = () => {
      localStorage.setItem(KEYS.token, 'access-1');
      localStorage.setItem(KEYS.refreshToken, 'refresh-1');
      localStorage.setItem(KEYS.tokenSavedTime, String(Math.floor(Date.now() / 1000)));
    };
    afterEach(() => localStorage.clear());
    const active = subscriptionFixture({ currentPeriodEnd: '2099-12-01T00:00:00.000Z' });

    it('a visitor sees a bar for non-subscribers', async () => {
      stubContentService(trialBar);
      render(withApp(<AnnouncementBar />));
      expect((await screen.findByRole('region', { name: 'ประกาศ' })).textContent).toContain('ทดลองเรียนฟรี');
    });

    it('a learner without a plan sees it; a subscriber never does, not even while loading', async () => {
      logIn();
      stubContentService(trialBar, { 'my-subscription': null });
      const { unmount } = render(withApp(<AnnouncementBar />));
      expect(await screen.findByRole('region', { name: 'ประกาศ' })).toBeTruthy();
      unmount();

      let answer: (v: unknown) => void = () => {};
      const fetchMock = stubContentService(trialBar, { 'my-subscription': active });
      const plain = fetchMock.getMockImplementation()!;
      fetchMock.mockImplementation(async (url: string) =>
        url === '/api/my-subscription' ? new Promise((r) => (answer = r)).then(() => plain(url)) : plain(url),
      );
      render(withApp(<AnnouncementBar />));
      // The bar itself is known (from the session's cache); the subscription is still on its way.
      await vi.waitFor(() =>
        expect(fetchMock.mock.calls.some((c) => c[0] === '/api/my-subscription')).toBe(true),
      );
      await new Promise((r) => setTimeout(r, 20));
      expect(screen.queryByRole('region', { name: 'ประกาศ' })).toBeNull();
      answer(null);
      await new Promise((r) => setTimeout(r, 20));
      expect(screen.queryByRole('region', { name: 'ประกาศ' })).toBeNull();
    });

    it('a bar for subscribers shows to a subscriber only', async () => {
      const members = bar({ enabled: true, message: 'คอร์สใหม่สำหรับสมาชิก', audience: 'subscribers' });
      stubContentService(members);
      const { unmount } = render(withApp(<AnnouncementBar />));
      await new Promise((r) => setTimeout(r, 30));
      expect(screen.queryByRole('region', { name: 'ประกาศ' })).toBeNull();
      unmount();
      logIn();
      stubContentService(members, { 'my-subscription': active });
      render(withApp(<AnnouncementBar />));
      expect((await screen.findByRole('region', { name: 'ประกาศ' })).textContent).toContain('สมาชิก');
    });
  });

  it('shows nothing when disabled or when the content service fails', async () => {
    stubContentService(bar({ enabled: false, message: 'ปิดอยู่' }));
    const { container } = render(withApp(<AnnouncementBarAnswered />));
    // The answer is in (the probe renders with the bar, from the same query): only now is "nothing" proof.
    await screen.findByTestId('answered');
    expect(screen.queryByRole('region', { name: 'ประกาศ' })).toBeNull();
    expect(container.textContent).not.toContain('ปิดอยู่');
    sessionStorage.clear();
    const failing = stubContentService({});
    const second = render(withApp(<AnnouncementBarAnswered />));
    await within(second.container).findByTestId('answered');
    expect(second.container.querySelector('[role="region"]')).toBeNull();
    expect(console.error).toHaveBeenCalledWith('content service: announcement-bar answered 404');
    expect(failing.mock.calls.some((c) => c[0] === '/cms/api/announcement-bar')).toBe(true);
  });
});

describe('announcement bar on a narrow screen', () => {
  // jsdom lays nothing out: the message's span says how wide its text is and how wide its line.
  const widths = (text: number, line: number) => {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(text);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(line);
  };
  const long = bar({
    enabled: true,
    message: 'ทดลองเรียนฟรี 7 วัน ทุกคอร์ส',
    link: '/free-trial',
    linkLabel: 'ดูรายละเอียด',
  });

  it('keeps a long message to one line, its link in view, and shows it whole on request', async () => {
    widths(400, 250);
    stubContentService(long);
    render(withApp(<AnnouncementBar />));
    const region = await screen.findByRole('region', { name: 'ประกาศ' });
    const whole = await within(region).findByRole('button', { name: 'อ่านประกาศทั้งหมด' });
    const message = within(region).getByText('ทดลองเรียนฟรี 7 วัน ทุกคอร์ส');
    expect(message.className).toContain('truncate');
    // The link is no part of what is cut.
    expect(message.contains(within(region).getByRole('link', { name: 'ดูรายละเอียด' }))).toBe(false);
    expect(whole.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(whole);
    expect(whole.getAttribute('aria-expanded')).toBe('true');
    expect(message.className).not.toContain('truncate');
  });

  it('offers no button when the message fits its line', async () => {
    widths(200, 250);
    stubContentService(long);
    render(withApp(<AnnouncementBar />));
    const region = await screen.findByRole('region', { name: 'ประกาศ' });
    expect(
      within(region)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['ปิดประกาศ']);
  });
});

/** The bar, and a mark that shows once the bar's content query has its answer (rendered in the same pass). */
function AnnouncementBarAnswered() {
  const { settled } = useAnnouncement();
  return (
    <>
      <AnnouncementBar />
      {settled && <span data-testid="answered" />}
    </>
  );
}
