import type { OrgGroup } from '@rianroo/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withApp } from '../../../../test-content';
import { answer, callsTo, stubOrgApi } from '../../org-test-api';
import GroupsPage from './GroupsPage';

const ORG = '0b5c3f4e-8f6a-4d3b-9c1e-2a7d5e6f8a90';
const WARD = '5d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a';
const GROUPS = `/api/org/${ORG}/groups`;

/** The groups API over a list kept here: created and renamed groups are in the next read. */
function groupsApi(start: OrgGroup[]) {
  const groups = [...start];
  return stubOrgApi({
    [`GET ${GROUPS}`]: () => answer(groups),
    [`POST ${GROUPS}`]: ({ body }) => {
      const g = {
        id: crypto.randomUUID(),
        name: JSON.parse(String(body)).name,
        memberCount: 0,
        createdAt: '',
      };
      groups.push(g);
      return answer(g, 201);
    },
    [`PATCH ${GROUPS}/${WARD}`]: ({ body }) => {
      groups[0] = { ...groups[0]!, name: JSON.parse(String(body)).name };
      return answer(groups[0]);
    },
  });
}
const ward: OrgGroup = { id: WARD, name: 'หอผู้ป่วยใน', memberCount: 2, createdAt: '2026-11-01T00:00:00.000Z' };

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the console’s groups page', () => {
  it('creates a group from the name typed, lists it, and empties the field for the next one', async () => {
    const fetchMock = groupsApi([]);
    render(withApp(<GroupsPage orgId={ORG} />));
    expect(await screen.findByText('ยังไม่มีกลุ่ม สร้างกลุ่มแรกได้จากด้านบน')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('ชื่อกลุ่ม'), { target: { value: 'ห้องฉุกเฉิน' } });
    fireEvent.click(screen.getByRole('button', { name: 'สร้างกลุ่ม' }));
    expect(await screen.findByText('ห้องฉุกเฉิน')).toBeTruthy();
    expect(callsTo(fetchMock, `POST ${GROUPS}`).map((c) => c.body)).toEqual([{ name: 'ห้องฉุกเฉิน' }]);
    expect((screen.getByLabelText('ชื่อกลุ่ม') as HTMLInputElement).value).toBe('');
  });

  it('renames a group in its row (saved by PATCH); a rename cancelled sends nothing and keeps the name', async () => {
    const fetchMock = groupsApi([ward]);
    render(withApp(<GroupsPage orgId={ORG} />));
    const row = (await screen.findByText('หอผู้ป่วยใน')).closest('li')!;
    fireEvent.click(within(row).getByRole('button', { name: 'เปลี่ยนชื่อ' }));
    fireEvent.change(within(row).getByLabelText('ชื่อกลุ่ม'), { target: { value: 'ไม่ใช้' } });
    fireEvent.click(within(row).getByRole('button', { name: 'ยกเลิก' }));
    expect(within(row).getByText('หอผู้ป่วยใน')).toBeTruthy();
    expect(callsTo(fetchMock, `PATCH ${GROUPS}/${WARD}`)).toEqual([]);

    fireEvent.click(within(row).getByRole('button', { name: 'เปลี่ยนชื่อ' }));
    fireEvent.change(within(row).getByLabelText('ชื่อกลุ่ม'), { target: { value: 'หอผู้ป่วยนอก' } });
    fireEvent.click(within(row).getByRole('button', { name: 'บันทึก' }));
    expect(await screen.findByText('หอผู้ป่วยนอก')).toBeTruthy();
    expect(screen.getByText('เปลี่ยนชื่อกลุ่มแล้ว').getAttribute('role')).toBe('status');
    expect(callsTo(fetchMock, `PATCH ${GROUPS}/${WARD}`).map((c) => c.body)).toEqual([{ name: 'หอผู้ป่วยนอก' }]);
  });
});
