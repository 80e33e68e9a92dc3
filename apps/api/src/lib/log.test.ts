import { describe, expect, it } from 'vitest';
import { safeErrorSerializer } from './log.js';

describe('safeErrorSerializer', () => {
  it('keeps query parameters (hashes, e-mails) out of logs', () => {
    const err = Object.assign(
      new Error('Failed query: insert into users ...\nparams: $argon2id$v=19$secret,a@b.c'),
      {
        name: 'DrizzleQueryError',
        query: 'insert into users ...',
        params: ['$argon2id$v=19$secret', 'a@b.c'],
        cause: Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
      },
    );
    const out = JSON.stringify(safeErrorSerializer(err));
    expect(out).not.toContain('argon2id');
    expect(out).not.toContain('a@b.c');
    expect(out).toContain('23505');
  });

  it('serializes other errors as usual', () => {
    expect(safeErrorSerializer(new Error('boom'))).toMatchObject({ type: 'Error', message: 'boom' });
  });
});
