import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freeTrialKey } from '../../../lib/billing';
import { I18nProvider } from '../../../lib/i18n';
import { KEYS, nowSeconds } from '../../../lib/storage';
import { subscriptionFixture, withApp } from '../../../test-content';
import TrialStartPage from './TrialStartPage';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ENDS = '2026-12-08T00:00:00.000Z';

/** The API of one learner: the trial's state, what starting it answers, and the membership. */
function stubApi(o: { status: object; start?: () => Response; subscription?: object | null }) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/free-trial' && init?.method === 'POST')
      return o.start?.() ?? json({ eligible: false, active: true, endsAt: ENDS }, 201);
    if (url === '/api/free-trial') return json(o.status);
    if (url === '/api/my-subscription') return json(o.subscription ?? null);
    return json({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const starts = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([url, init]) => url === '/api/free-trial' && init?.method === 'POST');

beforeEach(() => {
  localStorage.setItem(KEYS.token, 'access');
  localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
  localStorage.setItem(KEYS.uid, '0190b2a4-7d3e-7c51-9a2b-1f4e5d6c7b8a');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the free trial started after sign-up (issue 33)', () => {
  it('starts it once for an eligible learner and says until when, in the Buddhist era', async () => {
    const fetchMock = stubApi({ status: { eligible: true, active: false, endsAt: null } });
    render(<StrictMode>{withApp(<TrialStartPage />, '/free-trial/start')}</StrictMode>);
    expect(await screen.findByRole('heading', { level: 1, name: 'เริ่มทดลองเรียนฟรีแล้ว' })).toBeTruthy();
    expect(screen.getByText('เรียนได้ทุกตอนของทุกคอร์สถึง 8 ธันวาคม 2569')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ไปที่คอร์สของฉัน' }).getAttribute('href')).toBe('/library');
    expect(starts(fetchMock)).toHaveLength(1);
  });

  it('starts it once also when the state is known as the page opens (mounted twice by StrictMode)', async () => {
    const fetchMock = stubApi({ status: { eligible: true, active: false, endsAt: null } });
    const client = new QueryClient();
    client.setQueryData(freeTrialKey, { eligible: true, active: false, endsAt: null });
    render(
      <StrictMode>
        <QueryClientProvider client={client}>
          <I18nProvider>
            <MemoryRouter initialEntries={['/free-trial/start']}>
              <TrialStartPage />
            </MemoryRouter>
          </I18nProvider>
        </QueryClientProvider>
      </StrictMode>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'เริ่มทดลองเรียนฟรีแล้ว' })).toBeTruthy();
    expect(starts(fetchMock)).toHaveLength(1);
  });

  it('says plainly that the trial was used before, and offers the plans; nothing is started', async () => {
    const fetchMock = stubApi({ status: { eligible: false, active: false, endsAt: null } });
    render(withApp(<TrialStartPage />, '/free-trial/start'));
    expect(await screen.findByRole('heading', { level: 1, name: 'บัญชีนี้ใช้สิทธิ์ทดลองเรียนฟรีไปแล้ว' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ดูแพ็กเกจสมาชิก' }).getAttribute('href')).toBe('/pricing');
    expect(starts(fetchMock)).toHaveLength(0);
  });

  it('tells a member they are one already, until when', async () => {
    stubApi({
      status: { eligible: false, active: false, endsAt: null },
      subscription: subscriptionFixture(),
    });
    render(withApp(<TrialStartPage />, '/free-trial/start'));
    expect(await screen.findByRole('heading', { level: 1, name: 'คุณเป็นสมาชิกอยู่แล้ว' })).toBeTruthy();
    expect(screen.getByText(/15 มกราคม 2570/)).toBeTruthy();
  });

  it('a start refused as not eligible (another tab was quicker) shows the state read again', async () => {
    let used = false;
    stubApi({
      get status() {
        return { eligible: !used, active: false, endsAt: null };
      },
      start: () => {
        used = true;
        return json({ statusCode: 409, code: 'TRIAL_NOT_ELIGIBLE', message: 'x' }, 409);
      },
    });
    render(withApp(<TrialStartPage />, '/free-trial/start'));
    expect(await screen.findByRole('heading', { level: 1, name: 'บัญชีนี้ใช้สิทธิ์ทดลองเรียนฟรีไปแล้ว' })).toBeTruthy();
  });

  it('another failure says so, with "try again"', async () => {
    stubApi({
      status: { eligible: true, active: false, endsAt: null },
      start: () => json({ statusCode: 503, code: 'UNAVAILABLE', message: 'x' }, 503),
    });
    render(withApp(<TrialStartPage />, '/free-trial/start'));
    expect(await screen.findByRole('heading', { level: 1, name: 'เริ่มทดลองเรียนไม่สำเร็จ' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ลองอีกครั้ง' })).toBeTruthy();
  });
});
