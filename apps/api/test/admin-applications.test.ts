import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/lib/ids.js';
import { adminUser } from './admin-fixture.js';
import { bearer, createTestApp, type TestApp } from './helpers.js';

/** "Teach with us" applications in the console: listed, read, and marked handled with a note (audited). */
let t: TestApp;
let admin: { token: string; id: string };
let ip = 0;

const api = (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/admin${url}`, headers: bearer(admin.token), payload: payload as object });
/** Applies through the public form (each from its own address: the form is limited per address). */
async function apply(name: string, topic: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/next-instructor-form',
    remoteAddress: `10.9.0.${++ip}`,
    payload: { name, email: `${uuidv7()}@example.com`, phone: '0812345678', topic, experience: 'สอนมา 10 ปี' },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  const list = (await api('GET', `/applications?q=${encodeURIComponent(topic)}`)).json();
  return list.items[0] as { id: string; name: string; status: string };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminUser(t);
});
afterAll(() => t?.close());

describe('instructor applications', () => {
  it('lists what the public form received, newest first, searched and filtered by status, paged', async () => {
    const k = uuidv7().slice(-8);
    const first = await apply('ครูเอ', `การเงิน ${k}`);
    const second = await apply('ครูบี', `การตลาด ${k}`);
    const page = (qs: string) => api('GET', `/applications?${qs}`).then((r) => r.json());
    const all = await page(`q=${k}`);
    expect(all.items.map((a: { id: string }) => a.id)).toEqual([second.id, first.id]);
    expect(all.items[0]).toMatchObject({ status: 'new', note: null, handledBy: null, phone: '0812345678' });
    expect((await page(`q=${k}&pageSize=1&page=2`)).items.map((a: { id: string }) => a.id)).toEqual([
      first.id,
    ]);
    expect((await page(`q=${k}&status=new`)).total).toBe(2);
    expect((await page(`q=${k}&status=accepted`)).total).toBe(0);
    const bad = await api('GET', '/applications?status=maybe');
    expect({ status: bad.statusCode, code: bad.json().code }).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
    });
  });

  it('reads one; a missing one is 404', async () => {
    const a = await apply('ครูซี', `ภาษา ${uuidv7().slice(-8)}`);
    const res = await api('GET', `/applications/${a.id}`);
    expect(res.json()).toMatchObject({ id: a.id, name: 'ครูซี', experience: 'สอนมา 10 ปี' });
    expect((await api('GET', `/applications/${uuidv7()}`)).statusCode).toBe(404);
  });

  it('marks one handled with a note (who and when kept, audited before/after); back to new clears them', async () => {
    const a = await apply('ครูดี', `ดนตรี ${uuidv7().slice(-8)}`);
    const marked = await api('PUT', `/applications/${a.id}/status`, {
      status: 'contacted',
      note: '  โทรแล้ว นัดสัมภาษณ์ ',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({
      status: 'contacted',
      note: 'โทรแล้ว นัดสัมภาษณ์',
      handledBy: { id: admin.id },
    });
    expect(marked.json().handledAt).not.toBeNull();
    const accepted = await api('PUT', `/applications/${a.id}/status`, { status: 'accepted', note: 'รับแล้ว' });
    expect(accepted.json()).toMatchObject({ status: 'accepted', note: 'รับแล้ว' });
    const reopened = (await api('PUT', `/applications/${a.id}/status`, { status: 'new' })).json();
    expect(reopened).toMatchObject({ status: 'new', note: null, handledAt: null, handledBy: null });
    const { rows } = await t.db.$client.query(
      'select action, actor_id, before, after from audit_log where entity_id = $1 order by at, id',
      [a.id],
    );
    expect(rows.map((r) => [r.action, r.actor_id, r.before, r.after])).toEqual([
      [
        'application.mark',
        admin.id,
        { status: 'new', note: null },
        { status: 'contacted', note: 'โทรแล้ว นัดสัมภาษณ์' },
      ],
      [
        'application.mark',
        admin.id,
        { status: 'contacted', note: 'โทรแล้ว นัดสัมภาษณ์' },
        { status: 'accepted', note: 'รับแล้ว' },
      ],
      ['application.mark', admin.id, { status: 'accepted', note: 'รับแล้ว' }, { status: 'new', note: null }],
    ]);
  });

  it('refuses an unknown status or an over-long note with 400, and a missing application with 404', async () => {
    const a = await apply('ครูอี', `ศิลปะ ${uuidv7().slice(-8)}`);
    for (const body of [{ status: 'maybe' }, { status: 'declined', note: 'x'.repeat(2001) }]) {
      const res = await api('PUT', `/applications/${a.id}/status`, body);
      expect({ status: res.statusCode, code: res.json().code }).toEqual({
        status: 400,
        code: 'VALIDATION_ERROR',
      });
    }
    const missing = await api('PUT', `/applications/${uuidv7()}/status`, { status: 'declined' });
    expect(missing.statusCode).toBe(404);
    expect((await api('GET', `/applications/${a.id}`)).json().status).toBe('new');
  });
});
