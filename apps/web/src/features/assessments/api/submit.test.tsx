import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { submitAttempt, useSubmitAttempt } from './submit';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

it('sends one submit of an attempt at a time: a second one made meanwhile gets the first one’s result', async () => {
  localStorage.setItem('token', 'access-1');
  localStorage.setItem('tokenSavedTime', String(Math.floor(Date.now() / 1000)));
  let answer!: (r: Response) => void;
  const fetch = vi.fn(
    () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      }),
  );
  vi.stubGlobal('fetch', fetch);
  const body = { assessmentId: 'test-1', attemptId: 'attempt-1' };
  const first = submitAttempt(body);
  const second = submitAttempt(body);
  await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
  answer(new Response(JSON.stringify({ attemptId: 'attempt-1', score: 50 }), { status: 200 }));
  expect(await first).toEqual({ attemptId: 'attempt-1', score: 50 });
  expect(await second).toEqual(await first);
  expect(fetch).toHaveBeenCalledTimes(1);
  // Once it has answered, a new submit is sent (the server answers a graded attempt's result again).
  const third = submitAttempt(body);
  await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
  answer(new Response(JSON.stringify({ attemptId: 'attempt-1', score: 50 }), { status: 200 }));
  await third;
});

it('an attempt already graded on this page is not sent again: a later submit of it answers its result', async () => {
  localStorage.setItem('token', 'access-1');
  localStorage.setItem('tokenSavedTime', String(Math.floor(Date.now() / 1000)));
  const fetch = vi.fn(
    async (_url: string) =>
      new Response(JSON.stringify({ attemptId: 'attempt-9', score: 70 }), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient();
  const { result } = renderHook(() => useSubmitAttempt('test-9', 'course-9'), {
    wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
  });
  const first = await result.current.mutateAsync({ attemptId: 'attempt-9', answers: [] });
  const again = await result.current.mutateAsync({ attemptId: 'attempt-9', answers: [] });
  expect(again).toEqual(first);
  expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/assessment-result'))).toHaveLength(1);
});
