import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, device, PASSWORD, register, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    LOGIN_MAX_FAILURES_ACCOUNT: '3',
    LOGIN_ACCOUNT_WINDOW_SECONDS: '2',
    LOGIN_MAX_FAILURES_IP: '6',
    LOGIN_IP_WINDOW_SECONDS: '2',
  });
});
afterAll(() => t.close());

const login = (email: string, password: string, remoteAddress: string, d = device()) =>
  t.app.inject({ method: 'POST', url: '/api/auth', payload: { email, password, device: d }, remoteAddress });

describe('login throttling', () => {
  it('answers 429 with Retry-After after repeated failures, then lets the owner in when the window ends', async () => {
    const u = await register(t.app);
    for (let i = 0; i < 3; i++)
      expect((await login(u.email, 'wrong-password', '10.0.0.1')).statusCode).toBe(401);
    const locked = await login(u.email, PASSWORD, '10.0.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RATE_LIMITED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The attacker's address is locked out, not the account: the owner elsewhere still signs in.
    expect((await login(u.email, PASSWORD, '10.0.0.2', u.device)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await login(u.email, PASSWORD, '10.0.0.1', u.device)).statusCode).toBe(200);
  });

  it('limits one address trying many accounts', async () => {
    for (let i = 0; i < 6; i++) await login(`spray${i}@example.com`, 'wrong-password', '10.0.0.9');
    const res = await login('spray-next@example.com', 'wrong-password', '10.0.0.9');
    expect(res.statusCode).toBe(429);
  });
});
