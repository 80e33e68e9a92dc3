import { endpoints } from '@rianroo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

/**
 * The contract's endpoint table is the one list of the API's operations: every operation the OpenAPI document
 * shows is registered from its row (apps/api/src/lib/endpoint.ts), and every row has its route. A route
 * written beside the table, or a row left behind by a removed route, fails here.
 */
describe('the endpoint table', () => {
  let t: TestApp;
  let documented: { key: string; op: { summary?: string; tags?: string[]; security?: unknown } }[];

  beforeAll(async () => {
    t = await createTestApp();
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { summary?: string; tags?: string[]; security?: unknown }>>;
    };
    documented = Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.entries(item).map(([method, op]) => ({
        key: `${method.toUpperCase()} ${p.replace(/\{\*\}/g, '*').replace(/\{(\w+)\}/g, ':$1')}`,
        op,
      })),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has a row for every documented operation, and a documented operation for every row', () => {
    expect(documented.map((d) => d.key).sort()).toEqual(Object.keys(endpoints).sort());
  });

  it('documents each operation as its row says: summary, tags, and the bearer token unless it is public', () => {
    for (const { key, op } of documented) {
      const row = endpoints[key as keyof typeof endpoints];
      if (!row) continue;
      expect({ key, summary: op.summary, tags: op.tags, secured: !!op.security }).toEqual({
        key,
        summary: row.summary,
        tags: [...row.tags],
        secured: row.audience !== 'public',
      });
    }
  });

  it('refuses an anonymous call to a row that is not public before reading its body (401)', async () => {
    for (const [key, row] of Object.entries(endpoints)) {
      if (row.audience === 'public') continue;
      const [method, path] = key.split(' ') as [string, string];
      const url = path.replace(/:(\w+)/g, '0190d5a0-0000-7000-8000-000000000000').replace('*', 'x');
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        payload: method === 'GET' ? undefined : '{',
      });
      expect({ key, status: res.statusCode }).toEqual({ key, status: 401 });
    }
  });
});
