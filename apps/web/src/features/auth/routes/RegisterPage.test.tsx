import { fireEvent, render, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEYS } from '../../../lib/storage';
import { planFixture, stubContentService, withApp } from '../../../test-content';
import LoginPage from './LoginPage';
import RegisterPage from './RegisterPage';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

const at = (path: string) =>
  withApp(
    <Routes>
      <Route path="/register" element={<RegisterPage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    path,
  );

const user = {
  id: '0190b2a4-7d3e-7c51-9a2b-1f4e5d6c7b8a',
  email: 'new@example.com',
  firstName: 'ใหม่',
  lastName: 'ทดลอง',
  bought_annual: false,
  profile_image: null,
};
const trialPlans = [planFixture('trial'), planFixture('monthly'), planFixture('annual')];

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('sign-up for the free trial (issue 33)', () => {
  it("names the trial with its plan's days, says it starts after sign-up, and logs in instead keeping the way", async () => {
    stubContentService({}, { plans: trialPlans });
    render(at('/register?redirect=%2Ffree-trial%2Fstart'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'สมัครสมาชิกเพื่อเริ่มทดลองเรียนฟรี 7 วัน' }),
    ).toBeTruthy();
    expect(screen.getByText('การทดลองเรียนเริ่มทันทีเมื่อสร้างบัญชีเสร็จ ดูได้ทุกตอนของทุกคอร์ส')).toBeTruthy();
    const login = screen.getByRole('link', { name: 'เข้าสู่ระบบเพื่อเริ่มทดลองเรียน' });
    expect(login.getAttribute('href')).toBe('/login?redirect=%2Ffree-trial%2Fstart');
  });

  it('counts the days from the trial plan as the API answers it', async () => {
    stubContentService({}, { plans: [{ ...planFixture('trial'), intervalCount: 14 }] });
    render(at('/register?redirect=%2Ffree-trial%2Fstart'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'สมัครสมาชิกเพื่อเริ่มทดลองเรียนฟรี 14 วัน' }),
    ).toBeTruthy();
  });

  it('is the plain sign-up on the way anywhere else', async () => {
    stubContentService({}, { plans: trialPlans });
    render(at('/register?redirect=%2Flibrary%2Fcourse%2Fstocks'));
    expect(await screen.findByRole('heading', { level: 1, name: 'สมัครสมาชิก' })).toBeTruthy();
    expect(screen.queryByText(/ทดลองเรียน/)).toBeNull();
    expect(screen.getByRole('link', { name: 'เข้าสู่ระบบ' }).getAttribute('href')).toBe(
      '/login?redirect=%2Flibrary%2Fcourse%2Fstocks',
    );
  });

  it('goes on to the trial once the account is created', async () => {
    const fetchMock = stubContentService(
      {},
      {
        plans: trialPlans,
        users: { access_token: 'access', refresh_token: 'refresh', user },
        auth: user,
      },
    );
    render(at('/register?redirect=%2Ffree-trial%2Fstart'));
    await screen.findByRole('heading', { level: 1, name: 'สมัครสมาชิกเพื่อเริ่มทดลองเรียนฟรี 7 วัน' });
    fireEvent.change(screen.getByLabelText('ชื่อ'), { target: { value: 'ใหม่' } });
    fireEvent.change(screen.getByLabelText('นามสกุล'), { target: { value: 'ทดลอง' } });
    fireEvent.change(screen.getByLabelText('อีเมล'), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByLabelText('รหัสผ่าน'), { target: { value: 'correct-horse-battery' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'สร้างบัญชี' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/free-trial/start');
    expect(localStorage.getItem(KEYS.uid)).toBe(user.id);
    expect(fetchMock).toHaveBeenCalledWith('/api/users', expect.objectContaining({ method: 'POST' }));
  });
});

describe('login on the way to the free trial (issue 33)', () => {
  it("names the trial and offers sign-up first, which starts it (the offer's page becomes the trial's start)", async () => {
    stubContentService({}, {});
    render(at('/login?redirect=%2Ffree-trial'));
    expect(await screen.findByRole('heading', { level: 1, name: 'เข้าสู่ระบบเพื่อเริ่มทดลองเรียนฟรี' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'สมัครสมาชิกเพื่อเริ่มทดลองเรียนฟรี' }).getAttribute('href')).toBe(
      '/register?redirect=%2Ffree-trial%2Fstart',
    );
  });

  it('is the plain login elsewhere', async () => {
    stubContentService({}, {});
    render(at('/login?redirect=%2Faccount'));
    expect(await screen.findByRole('heading', { level: 1, name: 'เข้าสู่ระบบ' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'สมัครสมาชิกเพื่อเริ่มทดลองเรียนฟรี' })).toBeNull();
    expect(screen.getByRole('link', { name: 'สมัครสมาชิก' }).getAttribute('href')).toBe(
      '/register?redirect=%2Faccount',
    );
  });
});

describe('the terms at sign-up (PDPA, issue 34)', () => {
  const fill = () => {
    fireEvent.change(screen.getByLabelText('ชื่อ'), { target: { value: 'ใหม่' } });
    fireEvent.change(screen.getByLabelText('นามสกุล'), { target: { value: 'ทดลอง' } });
    fireEvent.change(screen.getByLabelText('อีเมล'), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByLabelText('รหัสผ่าน'), { target: { value: 'correct-horse-battery' } });
  };

  it('refuses without the box ticked: a Thai message at the box, the focus on it, and no call', async () => {
    const fetchMock = stubContentService({}, { plans: trialPlans });
    render(at('/register'));
    await screen.findByRole('heading', { level: 1, name: 'สมัครสมาชิก' });
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'สร้างบัญชี' }));
    const message = await screen.findByText('กรุณายอมรับข้อกำหนดการใช้งานและประกาศความเป็นส่วนตัวก่อนสมัคร');
    const box = screen.getByRole('checkbox');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe(message.id);
    expect(document.activeElement).toBe(box);
    expect(fetchMock).not.toHaveBeenCalledWith('/api/users', expect.anything());
  });

  it('sends the acceptance once the box is ticked', async () => {
    const fetchMock = stubContentService(
      {},
      { plans: trialPlans, users: { access_token: 'access', refresh_token: 'refresh', user }, auth: user },
    );
    render(at('/register'));
    await screen.findByRole('heading', { level: 1, name: 'สมัครสมาชิก' });
    fill();
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'สร้างบัญชี' }));
    await screen.findByTestId('where');
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/users');
    expect(JSON.parse(String(call?.[1]?.body))).toMatchObject({ acceptTerms: true });
  });
});
