import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createTestApp, device, register, SMALL_LOGIN_LIMITS, uniqueEmail, type TestApp } from './helpers.js';

/**
 * Behind a load balancer (docs/deploy.md) the limits must see the address the balancer saw: it appends that
 * address to whatever X-Forwarded-For the client sent, so the client writes every entry but the last.
 */
const BALANCER = '10.0.0.2';
const CLIENT = '203.0.113.50';
const viaBalancer = (spoofed: string) => ({
  remoteAddress: BALANCER,
  headers: { 'x-forwarded-for': `${spoofed}, ${CLIENT}` },
});

describe('TRUST_PROXY', () => {
  it('takes false, a hop count, or proxy addresses and networks; refuses anything else, naming it', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      'loopback',
    ]);
    const hops = loadConfig({ TRUST_PROXY: '1' }).trustProxy as (a: string, hop: number) => boolean;
    expect([hops(BALANCER, 0), hops(CLIENT, 1)]).toEqual([true, false]);
    for (const wrong of ['10.0.0.0/33', 'the-balancer', '1.2.3', '-1'])
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
  });
});

for (const setting of ['1', '10.0.0.0/8']) {
  describe(`behind one load balancer (TRUST_PROXY=${setting})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ TRUST_PROXY: setting, REGISTER_MAX_PER_HOUR: '2', ...SMALL_LOGIN_LIMITS });
    });
    afterAll(() => t.close());

    it('the address seen is the one the balancer saw, not one the client wrote', async () => {
      const reg = await register(t.app);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth',
        payload: { email: reg.email, password: reg.password, device: device('lb') },
        ...viaBalancer('1.2.3.4'),
      });
      expect(login.statusCode).toBe(200);
      const { rows } = await t.db.$client.query<{ ip: string }>(
        `select ip from sessions where user_id = $1 order by created_at desc limit 1`,
        [reg.user.id],
      );
      expect(rows[0]!.ip).toBe(CLIENT);
    });

    it('a client writing a new X-Forwarded-For each time stays under the sign-up and login limits', async () => {
      const signUps: number[] = [];
      for (let i = 1; i <= 4; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/users',
          payload: {
            email: uniqueEmail('flood'),
            password: 'correct-horse-battery',
            firstName: 'ก',
            lastName: 'ข',
            acceptTerms: true,
            device: device(i),
          },
          ...viaBalancer(`198.18.0.${i}`),
        });
        signUps.push(res.statusCode);
      }
      expect(signUps).toEqual([201, 201, 429, 429]);
      const logins: number[] = [];
      for (let i = 1; i <= 8; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth',
          payload: { email: uniqueEmail('target'), password: `guess-number-${i}`, device: device(i) },
          ...viaBalancer(`198.19.0.${i}`),
        });
        logins.push(res.statusCode);
      }
      // 6 failures an address in 15 minutes (SMALL_LOGIN_LIMITS): the 7th guess is refused.
      expect(logins.slice(6)).toEqual([429, 429]);
    });
  });
}
