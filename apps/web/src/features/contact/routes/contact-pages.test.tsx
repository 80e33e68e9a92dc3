import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEYS, nowSeconds } from '../../../lib/storage';
import { ToastProvider } from '../../../lib/toast';
import { stubContentService, withApp } from '../../../test-content';
import GuardContactPage from './GuardContactPage';
import NextInstructorPage from './NextInstructorPage';

const saved = {
  id: '0190f2a0-0000-7000-8000-000000000001',
  phone: '0812345678',
  organization: 'โรงพยาบาล',
  position: 'พยาบาล',
  province: 'TH-50',
  consentedAt: '2026-11-20T03:00:00.000Z',
  updatedAt: '2026-11-20T03:00:00.000Z',
};

const page = (node: React.ReactNode, path: string) =>
  withApp(
    <ToastProvider>
      <Routes>
        <Route path="/guard-contact" element={node} />
        <Route path="/next-instructor" element={node} />
        <Route path="/library" element={<p>the library</p>} />
      </Routes>
    </ToastProvider>,
    path,
  );

const sent = (fetchMock: ReturnType<typeof vi.fn>, path: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => url === `/api/${path}` && (init as RequestInit)?.method !== 'GET',
  );

beforeEach(() => {
  localStorage.setItem(KEYS.token, 'access');
  localStorage.setItem(KEYS.tokenSavedTime, String(nowSeconds()));
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the contact guard page', () => {
  it('shows Thai errors at each field, consent included, and sends nothing until they are fixed', async () => {
    const fetchMock = stubContentService(
      {},
      { 'users/contact-guard': { required: true, askedBy: 'organization', contact: null } },
    );
    render(page(<GuardContactPage />, '/guard-contact?redirect=%2Flibrary'));
    fireEvent.click(await screen.findByRole('button', { name: 'บันทึกและไปต่อ' }));
    expect(await screen.findByText('กรุณาให้ความยินยอมก่อนบันทึก')).toBeTruthy();
    expect(screen.getAllByText('กรุณากรอกช่องนี้').length).toBeGreaterThanOrEqual(3);
    fireEvent.change(screen.getByLabelText('เบอร์โทรศัพท์'), { target: { value: 'call me' } });
    fireEvent.blur(screen.getByLabelText('เบอร์โทรศัพท์'));
    expect(await screen.findByText('เบอร์โทรศัพท์ไม่ถูกต้อง')).toBeTruthy();
    expect(sent(fetchMock, 'contact/create-contact')).toHaveLength(0);
  });

  it('creates the contact without an id, then goes on to where the learner was going', async () => {
    const fetchMock = stubContentService(
      {},
      {
        'users/contact-guard': { required: true, askedBy: 'organization', contact: null },
        'contact/create-contact': saved,
      },
    );
    render(page(<GuardContactPage />, '/guard-contact?redirect=%2Flibrary'));
    fireEvent.change(await screen.findByLabelText('เบอร์โทรศัพท์'), { target: { value: '0812345678' } });
    fireEvent.change(screen.getByLabelText('หน่วยงาน / บริษัท'), { target: { value: 'โรงพยาบาล' } });
    fireEvent.change(screen.getByLabelText('ตำแหน่ง'), { target: { value: 'พยาบาล' } });
    fireEvent.change(screen.getByLabelText('จังหวัด'), { target: { value: 'TH-50' } });
    expect(screen.getByRole('option', { name: 'เชียงใหม่' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'บันทึกและไปต่อ' }));
    expect(await screen.findByText('the library')).toBeTruthy();
    const [[, init]] = sent(fetchMock, 'contact/create-contact') as [[string, RequestInit]];
    expect(JSON.parse(init.body as string)).toEqual({
      phone: '0812345678',
      organization: 'โรงพยาบาล',
      position: 'พยาบาล',
      province: 'TH-50',
      consent: true,
    });
  });

  it('changes a contact already given with PATCH, showing when consent was given', async () => {
    const fetchMock = stubContentService(
      {},
      {
        'users/contact-guard': { required: true, askedBy: 'organization', contact: saved },
        [`contact/${saved.id}`]: saved,
      },
    );
    render(page(<GuardContactPage />, '/guard-contact'));
    expect(await screen.findByText(/ให้ความยินยอมเมื่อ/)).toBeTruthy();
    expect((screen.getByLabelText('ตำแหน่ง') as HTMLInputElement).value).toBe('พยาบาล');
    fireEvent.click(screen.getByRole('button', { name: 'บันทึกและไปต่อ' }));
    await waitFor(() => expect(sent(fetchMock, `contact/${saved.id}`)).toHaveLength(1));
    expect((sent(fetchMock, `contact/${saved.id}`)[0]![1] as RequestInit).method).toBe('PATCH');
  });
});

describe('the contact guard page says who asks', () => {
  const leadOf = async (askedBy: 'organization' | 'platform') => {
    stubContentService({}, { 'users/contact-guard': { required: true, askedBy, contact: null } });
    render(page(<GuardContactPage />, '/guard-contact?redirect=%2Flibrary'));
    await screen.findByRole('button', { name: 'บันทึกและไปต่อ' });
    return document.body.textContent ?? '';
  };

  it('the organisation when it asks; Rianroo itself when the platform asks a learner in no organisation', async () => {
    const org = await leadOf('organization');
    expect(org).toContain('องค์กรของคุณขอข้อมูลติดต่อ');
    expect(org).toContain('ยินยอมให้ Rianroo และองค์กรของข้าพเจ้า');
    cleanup();
    const platform = await leadOf('platform');
    expect(platform).toContain('Rianroo ขอข้อมูลติดต่อของคุณ');
    expect(platform).not.toContain('องค์กรของคุณ');
    expect(platform).not.toContain('องค์กรของข้าพเจ้า');
  });

  it("its fields take no more than the contract's limits", async () => {
    await leadOf('organization');
    expect(screen.getByLabelText('เบอร์โทรศัพท์').getAttribute('maxlength')).toBe('20');
    expect(screen.getByLabelText('หน่วยงาน / บริษัท').getAttribute('maxlength')).toBe('120');
    expect(screen.getByLabelText('ตำแหน่ง').getAttribute('maxlength')).toBe('120');
  });
});

describe('the teach-with-us page', () => {
  const fill = async () => {
    fireEvent.change(await screen.findByLabelText('ชื่อ-นามสกุล'), { target: { value: 'ครูสมศรี' } });
    fireEvent.change(screen.getByLabelText('อีเมล'), { target: { value: 'somsri@example.com' } });
    fireEvent.change(screen.getByLabelText('เบอร์โทรศัพท์'), { target: { value: '0812345678' } });
    fireEvent.change(screen.getByLabelText('หัวข้อที่อยากสอน'), { target: { value: 'การเงิน' } });
    fireEvent.click(screen.getByRole('button', { name: 'ส่งใบสมัคร' }));
  };

  it("says the spec's 'Successfully Sent' when the application is stored", async () => {
    localStorage.clear(); // no login needed
    stubContentService({}, { 'next-instructor-form': { success: true } });
    render(page(<NextInstructorPage />, '/next-instructor'));
    await fill();
    expect(await screen.findByText('Successfully Sent')).toBeTruthy();
    expect(screen.getByText('เราได้รับใบสมัครของคุณแล้ว ทีมงานจะติดต่อกลับทางอีเมล')).toBeTruthy();
  });

  it("says the spec's 'Error, fail to save data' when it is not, and keeps what was typed", async () => {
    localStorage.clear();
    stubContentService({}, {});
    render(page(<NextInstructorPage />, '/next-instructor'));
    await fill();
    expect(await screen.findByText('Error, fail to save data')).toBeTruthy();
    expect((screen.getByLabelText('หัวข้อที่อยากสอน') as HTMLInputElement).value).toBe('การเงิน');
  });
});
