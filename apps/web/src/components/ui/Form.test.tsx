import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SelectField, TextArea } from '../../features/admin/components/Fields';
import { fieldName } from '../../lib/field-problems';
import { I18nProvider } from '../../lib/i18n';
import { Form } from './Form';
import { TextField } from './TextField';

function CourseForm({ onSave }: { onSave: () => void }) {
  const [title, setTitle] = useState('');
  return (
    <I18nProvider>
      <Form
        aria-label="course"
        onSubmit={(e) => {
          e.preventDefault();
          onSave();
        }}
      >
        <TextField label="ชื่อคอร์ส" value={title} onChange={(e) => setTitle(e.target.value)} required />
        <TextField label="Slug (ใช้ในลิงก์ ตัวพิมพ์เล็ก ตัวเลข และขีด)" defaultValue="" required />
        <TextField label="คำอธิบาย" defaultValue="" />
        <button type="submit">บันทึก</button>
      </Form>
    </I18nProvider>
  );
}

const describedBy = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

// Expected texts are written out (the console's Thai and English words), never read from the string tables.
describe('a form that says what is missing', () => {
  it('sends nothing, names each missing field in Thai at the field, and moves focus to the first', () => {
    const onSave = vi.fn();
    render(<CourseForm onSave={onSave} />);
    expect(screen.getByRole('form').hasAttribute('novalidate')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(onSave).not.toHaveBeenCalled();
    const title = screen.getByLabelText('ชื่อคอร์ส');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(title)).toBe('กรุณากรอกชื่อคอร์ส');
    // A hint in brackets is no part of the name.
    expect(describedBy(screen.getByLabelText(/^Slug/))).toBe('กรุณากรอกSlug');
    expect(document.activeElement).toBe(title);
    // A field that may be empty says nothing.
    expect(screen.getByLabelText('คำอธิบาย').getAttribute('aria-invalid')).toBeNull();
  });

  it('takes a message away once its field is filled, and sends when every field passes', () => {
    const onSave = vi.fn();
    render(<CourseForm onSave={onSave} />);
    fireEvent.click(screen.getByRole('button', { name: 'บันทึก' }));
    const title = screen.getByLabelText('ชื่อคอร์ส');
    fireEvent.change(title, { target: { value: 'ถ่ายภาพ' } });
    expect(title.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('กรุณากรอกชื่อคอร์ส')).toBeNull();
    // Still one missing: focus goes to it now.
    fireEvent.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Slug/));
    fireEvent.change(screen.getByLabelText(/^Slug/), { target: { value: 'photo' } });
    fireEvent.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(onSave).toHaveBeenCalledOnce();
  });

  it('speaks English on an English screen', () => {
    localStorage.setItem('lang', 'en');
    render(<CourseForm onSave={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(describedBy(screen.getByLabelText('ชื่อคอร์ส'))).toBe('ชื่อคอร์ส is required');
  });

  it('says blank, too short, out of range, not an e-mail and not chosen, each naming the field', () => {
    const onSave = vi.fn();
    render(
      <I18nProvider>
        <Form onSubmit={onSave}>
          <TextField label="ชื่อกลุ่ม" defaultValue="   " required />
          <TextArea label="เหตุผล" defaultValue=" ab " minLength={3} />
          <TextField label="เกณฑ์ผ่าน (%)" type="number" min={0} max={100} defaultValue="120" />
          <TextField label="อีเมลผู้ยื่นคำขอ" type="email" defaultValue="not-an-address" />
          <TextField label="วันสุดท้าย" type="date" min="2026-11-29" defaultValue="2026-11-01" />
          <SelectField label="แผน" required defaultValue="">
            <option value="">—</option>
            <option value="gold">Gold</option>
          </SelectField>
          <button type="submit">ส่ง</button>
        </Form>
      </I18nProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'ส่ง' }));
    expect(onSave).not.toHaveBeenCalled();
    const said = (label: string) => describedBy(screen.getByLabelText(label));
    expect(said('ชื่อกลุ่ม')).toBe('กรุณากรอกชื่อกลุ่ม');
    expect(said('เหตุผล')).toBe('เหตุผล ต้องมีอย่างน้อย 3 ตัวอักษร');
    expect(said('เกณฑ์ผ่าน (%)')).toBe('เกณฑ์ผ่าน (%) ต้องไม่เกิน 100');
    expect(said('อีเมลผู้ยื่นคำขอ')).toBe('รูปแบบอีเมลผู้ยื่นคำขอไม่ถูกต้อง กรุณากรอกอีเมล เช่น name@example.com');
    // The limit in the Thai calendar (Buddhist era).
    expect(said('วันสุดท้าย')).toBe('วันสุดท้าย ต้องไม่ก่อน 29 พฤศจิกายน 2569');
    expect(said('แผน')).toBe('กรุณาเลือกแผน');
    expect(document.activeElement).toBe(screen.getByLabelText('ชื่อกลุ่ม'));
  });

  it('names a field by the words of a label wrapping it, not by the options inside', () => {
    const onSave = vi.fn();
    render(
      <I18nProvider>
        <Form onSubmit={onSave}>
          <label>
            ระดับ
            <select id="level" required defaultValue="">
              <option value="">เลือก</option>
              <option value="beginner">เริ่มต้น</option>
            </select>
          </label>
          <button type="submit">ส่ง</button>
        </Form>
      </I18nProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'ส่ง' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(document.activeElement?.id).toBe('level');
    expect(fieldName(document.activeElement as HTMLSelectElement)).toBe('ระดับ');
  });
});
