import type { AuditEntry } from '@rianroo/contract';
import { describe, expect, it } from 'vitest';
import { auditSentence } from './audit-sentence';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 'a1',
  actor: { id: 'u1', email: 'admin@example.com', name: 'สมชาย' },
  action: 'course.update',
  entity: 'course',
  entityId: '00000000-0000-7000-8000-000000000001',
  entityName: 'การเงิน 101',
  before: null,
  after: null,
  at: '2026-03-01T03:00:00Z',
  ...over,
});

describe('a record of the audit log as a sentence', () => {
  it('says what was done to which named thing, with its page', () => {
    expect(auditSentence(entry({}), 'th')).toEqual({
      verb: 'แก้ไข',
      kind: 'คอร์ส',
      name: 'การเงิน 101',
      href: '/admin/courses/00000000-0000-7000-8000-000000000001',
    });
    expect(auditSentence(entry({}), 'en')).toMatchObject({ verb: 'changed', kind: 'the course' });
  });

  it('a deleted thing has no page; a thing without a name is its id; unknown words stay as their codes', () => {
    expect(auditSentence(entry({ action: 'course.delete' }), 'th')).toMatchObject({ verb: 'ลบ', href: null });
    expect(auditSentence(entry({ entityName: null }), 'th').name).toBe(
      '00000000-0000-7000-8000-000000000001',
    );
    expect(auditSentence(entry({ action: 'widget.frobnicate', entity: 'widget' }), 'th')).toEqual({
      verb: 'widget.frobnicate',
      kind: 'widget',
      name: 'การเงิน 101',
      href: null,
    });
  });
});
