import type { AdminUserDetail } from '@rianroo/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS, nowSeconds } from '../../../lib/storage';
import { withApp } from '../../../test-content';
import { bangkokToday } from '../../../lib/bangkok-day';
import { SubscriptionsCard } from './SubscriptionsCard';

const USER = '00000000-0000-7000-8000-000000000001';
const user: AdminUserDetail = {
  id: USER,
  email: 'somchai@example.com',
  name: 'สมชาย ใจดี',
  role: 'learner',
  organization: null,
  createdAt: '2026-01-15T03:00:00Z',
  phone: null,
  locale: 'th',
  emailVerifiedAt: null,
  sessions: [],
  subscriptions: [],
  certificates: [],
};
const plan = (id: string, code: string, nameTh: string, interval: string, priceSatang: number) => ({
  id,
  code,
  nameTh,
  nameEn: code,
  interval,
  intervalCount: 1,
  lengthDays: 30,
  priceSatang,
  currency: 'THB',
  active: true,
  sort: 0,
  subscribers: 0,
  createdAt: '2026-01-01T00:00:00Z',
  version: '1',
});
const PLANS = [
  plan('00000000-0000-7000-8000-00000000000a', 'trial', 'ทดลองเรียนฟรี', 'trial', 0),
  plan('00000000-0000-7000-8000-00000000000b', 'monthly', 'รายเดือน', 'month', 29900),
  plan('00000000-0000-7000-8000-00000000000c', 'annual', 'รายปี', 'year', 299000),
];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let posts: { url: string; body: unknown }[] = [];
let grantAnswer: () => Response;
beforeEach(() => {
  localStorage.setItem(KEYS.token, 'access');
  localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
  posts = [];
  grantAnswer = () =>
    json(
      {
        id: '00000000-0000-7000-8000-0000000000ff',
        planCode: 'annual',
        planName: 'รายปี',
        status: 'active',
        currentPeriodStart: '2026-11-25T00:00:00Z',
        currentPeriodEnd: '2027-01-31T16:59:59Z',
        autoRenew: false,
        provider: 'admin',
        trial: false,
      },
      201,
    );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push({ url, body: JSON.parse(String(init.body)) });
        return grantAnswer();
      }
      if (url.includes('/api/admin/plans')) return json({ items: PLANS, total: 3, page: 1, pageSize: 100 });
      return json(user);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const renderCard = () => render(withApp(<SubscriptionsCard user={user} />));

describe('granting a subscription from the user page', () => {
  it('offers the active paid plans only, and sends the plan, the last day (Bangkok) and the reason', async () => {
    renderCard();
    const select = (await screen.findByLabelText('แพ็กเกจ')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual([PLANS[1]!.id, PLANS[2]!.id]);
    const submit = screen.getByRole('button', { name: 'มอบสิทธิ์สมาชิก' }) as HTMLButtonElement;
    // No reason yet: nothing is sent, and the form says at the field what is missing.
    fireEvent.click(submit);
    expect(screen.getByText('กรุณากรอกเหตุผล')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('เหตุผล'));
    expect(posts).toHaveLength(0);
    fireEvent.change(select, { target: { value: PLANS[2]!.id } });
    const day = screen.getByLabelText('ใช้ได้ถึงวันที่ (ไม่บังคับ)') as HTMLInputElement;
    // No day before today (Bangkok) is offered: 23:30 UTC is already the next day in Bangkok.
    expect(day.min).toBe(bangkokToday());
    expect(bangkokToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    fireEvent.change(day, { target: { value: '2027-01-31' } });
    fireEvent.change(screen.getByLabelText('เหตุผล'), { target: { value: '  ผู้เรียนของพาร์ทเนอร์  ' } });
    expect(screen.queryByText('กรุณากรอกเหตุผล')).toBeNull();
    fireEvent.submit(submit.closest('form')!);
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.url).toContain(`/api/admin/users/${USER}/subscriptions`);
    expect(posts[0]!.body).toEqual({
      planId: PLANS[2]!.id,
      reason: 'ผู้เรียนของพาร์ทเนอร์',
      endsAt: '2027-01-31T23:59:59+07:00',
    });
    // Done: the form is emptied for the next grant.
    await vi.waitFor(() => expect((screen.getByLabelText('เหตุผล') as HTMLTextAreaElement).value).toBe(''));
  });

  it('without a date the plan period applies (no endsAt sent); a refusal is shown in Thai at the form', async () => {
    grantAnswer = () =>
      json({ statusCode: 409, code: 'SUBSCRIPTION_EXISTS', message: 'This learner already has one' }, 409);
    renderCard();
    await screen.findByLabelText('แพ็กเกจ');
    fireEvent.change(screen.getByLabelText('เหตุผล'), { target: { value: 'ของขวัญ' } });
    fireEvent.click(screen.getByRole('button', { name: 'มอบสิทธิ์สมาชิก' }));
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toEqual({ planId: PLANS[1]!.id, reason: 'ของขวัญ' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'ผู้ใช้นี้มีการเป็นสมาชิกที่ยังใช้งานอยู่แล้ว สิ้นสุดรายการเดิมก่อน หรือปล่อยให้ใช้ต่อไป',
    );
    // The reason stays, to try again after ending the current one.
    expect((screen.getByLabelText('เหตุผล') as HTMLTextAreaElement).value).toBe('ของขวัญ');
  });

  it('while the plans load it says so; when they fail it shows the error with a retry', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        fail
          ? json({ statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'x' }, 503)
          : json({ items: PLANS, total: 3, page: 1, pageSize: 100 }),
      ),
    );
    renderCard();
    expect(screen.getByText('กำลังโหลดแพ็กเกจ…')).toBeTruthy();
    expect(await screen.findByRole('alert')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'ลองอีกครั้ง' }));
    expect(await screen.findByLabelText('แพ็กเกจ')).toBeTruthy();
  });
});
