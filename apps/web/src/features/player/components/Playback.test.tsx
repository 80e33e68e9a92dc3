import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../../lib/i18n';
import { en, th } from '../../../lib/i18n-strings';
import { KEYS, nowSeconds } from '../../../lib/storage';
import PlayerPage from '../routes/PlayerPage';

/**
 * hls.js stands in for the browser's media pipeline, which jsdom does not have: the tests see what the player
 * asks it to load and answer with the events the real one sends (a 403 on the playlist, a fatal media error).
 */
const FakeHls = vi.hoisted(() => {
  type Handler = (event: string, data: unknown) => void;
  class FakeHls {
    static instances: FakeHls[] = [];
    static supported = true;
    static isSupported = () => FakeHls.supported;
    static Events = {
      MANIFEST_PARSED: 'hlsManifestParsed',
      LEVEL_SWITCHED: 'hlsLevelSwitched',
      ERROR: 'hlsError',
    };
    static ErrorTypes = {
      NETWORK_ERROR: 'networkError',
      MEDIA_ERROR: 'mediaError',
      OTHER_ERROR: 'otherError',
    };
    handlers = new Map<string, Handler[]>();
    src: string | undefined;
    destroyed = false;
    recovered = 0;
    levels: { height: number }[] = [];
    currentLevel = -1;
    constructor(public config: { startPosition: number }) {
      FakeHls.instances.push(this);
    }
    on(event: string, handler: Handler) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    }
    loadSource(src: string) {
      this.src = src;
    }
    attachMedia() {}
    recoverMediaError() {
      this.recovered++;
    }
    destroy() {
      this.destroyed = true;
      this.handlers.clear();
    }
    emit(event: string, data: unknown) {
      for (const h of this.handlers.get(event) ?? []) h(event, data);
    }
  }
  return FakeHls;
});
vi.mock('hls.js', () => ({ default: FakeHls }));

const course = { id: 'course-1', slug: 'money', title: 'การเงิน' };
const episode = {
  id: 'ep-1',
  sort: 1,
  sectionTitle: null,
  title: 'ตอน 1',
  description: '',
  durationSeconds: 600,
  isTeaser: false,
  locked: false,
  videoStatus: 'ready',
  posterUrl: null,
  quiz: null,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The API of a learner who may watch `ep-1` (saved at 120 s); every token it hands out is a new one, for an hour.
 * `serverBehindMs`: how far the server's clock is behind this device's.
 */
function stubApi(serverBehindMs = 0) {
  localStorage.setItem(KEYS.token, 'access-1');
  localStorage.setItem(KEYS.refreshToken, 'refresh-1');
  localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
  const tokens: string[] = [];
  const answers: Record<string, unknown> = {
    '/api/course/get-course-by-slug/money': course,
    '/api/course/course-1/get-episode-and-quiz': {
      course,
      access: { canAccess: true, reason: 'subscription', expiresAt: null },
      episodes: [episode],
      preTest: null,
      postTest: null,
    },
    '/api/users/on-going-episode?course=course-1': [
      {
        episode_id: 'ep-1',
        last_second: 120,
        episodeCompletionPercentage: 20,
        watched: false,
        updatedAt: '2025-01-02',
      },
    ],
    '/api/users/watched-episode?course=course-1': {
      watchedEpisode: [],
      watchedEpisodeIncludeTeaser: [],
      courseFinishPercentage: 0,
    },
  };
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/cloudflare/get-signed-token?episodeId=ep-1') {
      const token = `token-${tokens.length + 1}`;
      tokens.push(token);
      return json({
        token,
        playbackUrl: `/api/stream/video-1/master.m3u8?token=${token}`,
        expiresAt: new Date(Date.now() - serverBehindMs + 3_600_000).toISOString(),
        expiresInSeconds: 3600,
        provider: 'local',
        posterUrl: null,
        durationSeconds: 600,
        captions: [],
      });
    }
    return url in answers
      ? json(answers[url])
      : json({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { tokens };
}

function renderPlayer() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider>
        <MemoryRouter initialEntries={['/library/course/money/episode/ep-1']}>
          <Routes>
            <Route path="/library/course/:slug/episode/:episodeId" element={<PlayerPage />} />
          </Routes>
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

/** The n-th hls.js the player made (from 1), once it has been given its playlist. */
async function loaded(n: number) {
  await waitFor(() => expect(FakeHls.instances[n - 1]?.src).toBeDefined());
  return FakeHls.instances[n - 1]!;
}

/** hls.js reports the master playlist answered 403 (as when the token's signature is refused). */
const refuse = (hls: InstanceType<typeof FakeHls>) =>
  act(() =>
    hls.emit(FakeHls.Events.ERROR, {
      type: FakeHls.ErrorTypes.NETWORK_ERROR,
      details: 'manifestLoadError',
      fatal: true,
      response: { code: 403, text: 'Forbidden' },
    }),
  );

/** Lets the pending requests and renders run their course (a few turns of the event loop; no waiting). */
const settle = () =>
  act(async () => {
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
  });

beforeEach(() => {
  FakeHls.instances = [];
  FakeHls.supported = true;
});
afterEach(() => vi.unstubAllGlobals());

describe('a stream that refuses its playback token', () => {
  it('is given one new token and goes on from the same position', async () => {
    const { tokens } = stubApi();
    renderPlayer();
    const first = await loaded(1);
    expect(first.src).toContain('token=token-1');
    expect(first.config.startPosition).toBe(120);
    await refuse(first);
    const second = await loaded(2);
    expect(first.destroyed).toBe(true);
    expect(second.src).toContain('token=token-2');
    expect(second.config.startPosition).toBe(120);
    expect(tokens).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refused again with the new token: says so in Thai, asks for nothing more, and "try again" starts afresh', async () => {
    const { tokens } = stubApi();
    renderPlayer();
    await refuse(await loaded(1));
    const second = await loaded(2);
    await refuse(second);
    // No loop: no third token, no new player, and the refused one is stopped.
    await settle();
    expect(tokens).toHaveLength(2);
    expect(FakeHls.instances).toHaveLength(2);
    expect(second.destroyed).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe(th['player.cannotPlay']);

    // "Try again" is a button (Enter and Space work on it), focused for the keyboard, and asks for a new token.
    const retry = screen.getByRole('button', { name: th['common.retry'] });
    expect(document.activeElement).toBe(retry);
    fireEvent.click(retry);
    const third = await loaded(3);
    expect(third.src).toContain('token=token-3');
    expect(third.config.startPosition).toBe(120);
    expect(screen.queryByRole('alert')).toBeNull();
    // A fresh attempt: one refusal is renewed again, a second one ends it again.
    await refuse(third);
    await refuse(await loaded(4));
    expect((await screen.findByRole('alert')).textContent).toBe(th['player.cannotPlay']);
    await settle();
    expect(tokens).toHaveLength(4);
  });

  it('refused again after the new token played a while, it is renewed again (it had expired)', async () => {
    const { tokens } = stubApi();
    renderPlayer();
    await refuse(await loaded(1));
    const second = await loaded(2);
    // 40 s of video played with the new token (from 120 s) before it is refused.
    document.querySelector('video')!.currentTime = 160;
    await refuse(second);
    const third = await loaded(3);
    expect(third.config.startPosition).toBe(160);
    expect(tokens).toHaveLength(3);
    expect(screen.queryByRole('alert')).toBeNull();
    // ...and refused at once with that one, it stops.
    await refuse(third);
    expect((await screen.findByRole('alert')).textContent).toBe(th['player.cannotPlay']);
  });

  it('the token is still renewed shortly before it expires, but not once playback has stopped', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { tokens } = stubApi();
      renderPlayer();
      await loaded(1);
      // Tokens last an hour: a new one a minute before.
      act(() => vi.advanceTimersByTime(3_600_000 - 61_000));
      expect(tokens).toHaveLength(1);
      act(() => vi.advanceTimersByTime(2_000));
      const second = await loaded(2);
      expect(tokens).toHaveLength(2);
      await refuse(second);
      await refuse(await loaded(3));
      await screen.findByRole('alert');
      act(() => vi.advanceTimersByTime(3 * 3_600_000));
      await settle();
      expect(tokens).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a device whose clock is an hour fast renews the token a minute before it expires, not every few seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { tokens } = stubApi(3_600_000);
      renderPlayer();
      await loaded(1);
      act(() => vi.advanceTimersByTime(3_600_000 - 61_000));
      await settle();
      expect(tokens).toHaveLength(1);
      act(() => vi.advanceTimersByTime(2_000));
      await loaded(2);
      expect(tokens).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says so in English when English is chosen', async () => {
    stubApi();
    localStorage.setItem(KEYS.lang, 'en');
    renderPlayer();
    await refuse(await loaded(1));
    await refuse(await loaded(2));
    expect((await screen.findByRole('alert')).textContent).toBe(en['player.cannotPlay']);
    expect(screen.getByRole('button', { name: en['common.retry'] })).toBeTruthy();
  });

  it('a fatal media error is recovered once in place, then counts as a refusal', async () => {
    const { tokens } = stubApi();
    renderPlayer();
    const first = await loaded(1);
    const mediaError = () =>
      act(() =>
        first.emit(FakeHls.Events.ERROR, {
          type: FakeHls.ErrorTypes.MEDIA_ERROR,
          details: 'bufferAppendError',
          fatal: true,
        }),
      );
    await mediaError();
    expect(first.recovered).toBe(1);
    expect(tokens).toHaveLength(1);
    await mediaError();
    expect(first.recovered).toBe(1);
    const second = await loaded(2);
    expect(tokens).toHaveLength(2);
    await refuse(second);
    expect((await screen.findByRole('alert')).textContent).toBe(th['player.cannotPlay']);
  });
});

describe('a browser with its own HLS (Safari), whose video element only says "error"', () => {
  it('asks for one new token, then shows the error and stops', async () => {
    FakeHls.supported = false;
    const canPlay = vi
      .spyOn(HTMLMediaElement.prototype, 'canPlayType')
      .mockImplementation((type) => (type === 'application/vnd.apple.mpegurl' ? 'maybe' : ''));
    try {
      const { tokens } = stubApi();
      renderPlayer();
      const video = () => document.querySelector('video')!;
      await waitFor(() => expect(video()?.getAttribute('src')).toContain('token=token-1'));
      act(() => void video().dispatchEvent(new Event('error')));
      await waitFor(() => expect(video()?.getAttribute('src')).toContain('token=token-2'));
      act(() => void video().dispatchEvent(new Event('error')));
      expect((await screen.findByRole('alert')).textContent).toBe(th['player.cannotPlay']);
      await settle();
      expect(tokens).toHaveLength(2);
      expect(document.querySelector('video')).toBeNull();
    } finally {
      canPlay.mockRestore();
    }
  });
});
