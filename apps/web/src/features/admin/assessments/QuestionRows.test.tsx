import type { AdminEvaluationQuestion, AdminQuestion } from '@rianroo/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { ToastProvider } from '../../../lib/toast';
import { withApp } from '../../../test-content';
import { EvaluationForm } from './EvaluationForm';
import { QuestionForm } from './QuestionForm';
import { QuestionRow, QuestionRows } from './QuestionRows';

const id = (n: number) => `00000000-0000-7000-8000-00000000000${n}`;
const evaluation = (n: number, over: Partial<AdminEvaluationQuestion> = {}): AdminEvaluationQuestion => ({
  id: id(n),
  sort: n,
  kind: 'rating',
  promptTh: `ข้อ ${n}`,
  promptEn: `Question ${n}`,
  required: false,
  active: true,
  choices: [],
  answered: false,
  ...over,
});
const question = (over: Partial<AdminQuestion> = {}): AdminQuestion => ({
  id: id(1),
  sort: 1,
  kind: 'single',
  prompt: 'ข้อหนึ่ง',
  explanation: '',
  topic: '',
  points: 1,
  choices: [
    { id: id(4), label: 'ก', correct: true },
    { id: id(5), label: 'ข', correct: false },
  ],
  answered: false,
  retired: false,
  ...over,
});
/** A write as the rows see it (a react-query mutation's two fields): records what it was sent. */
const write = () => ({ isPending: false, mutateAsync: vi.fn(async (_v: unknown) => null) });

const buttons = (name: RegExp | string) => screen.queryAllByRole('button', { name });
const ADD = 'เพิ่มตัวเลือก';
const REMOVE = /^ลบตัวเลือกที่/;

describe('the question rows (tests and the evaluation form)', () => {
  it('moves a question up or down by sending every id in the new order; the ends cannot move out', () => {
    const order = write();
    const items = [evaluation(1), evaluation(2), evaluation(3)];
    render(
      withApp(
        <QuestionRows items={items} order={order}>
          {(q, n) => <p>{`${n}. ${q.promptTh}`}</p>}
        </QuestionRows>,
      ),
    );
    expect(screen.getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent)).toEqual([
      '1. ข้อ 1',
      '2. ข้อ 2',
      '3. ข้อ 3',
    ]);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'เลื่อนข้อ 1 ขึ้น' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'เลื่อนข้อ 3 ลง' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'เลื่อนข้อ 2 ขึ้น' }).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'เลื่อนข้อ 1 ลง' }));
    expect(order.mutateAsync).toHaveBeenLastCalledWith([id(2), id(1), id(3)]);
    fireEvent.click(screen.getByRole('button', { name: 'เลื่อนข้อ 3 ขึ้น' }));
    expect(order.mutateAsync).toHaveBeenLastCalledWith([id(1), id(3), id(2)]);
  });

  it('keeps the focus on the moved question while it is saved and after, on its other button at an end; a press meanwhile sends nothing', async () => {
    let save = () => {};
    const sent: string[][] = [];
    /** The list as the page holds it: the new order shows once the write is answered. */
    function Page() {
      const [items, setItems] = useState([evaluation(1), evaluation(2), evaluation(3)]);
      const [isPending, setPending] = useState(false);
      const order = {
        isPending,
        mutateAsync: (ids: string[]) => {
          sent.push(ids);
          setPending(true);
          return new Promise<null>((resolve) => {
            save = () => {
              setItems(ids.map((i) => items.find((q) => q.id === i)!));
              setPending(false);
              resolve(null);
            };
          });
        },
      };
      return (
        <QuestionRows items={items} order={order}>
          {(q, n) => <p>{`${n}. ${q.promptTh}`}</p>}
        </QuestionRows>
      );
    }
    render(withApp(<Page />));
    const down1 = screen.getByRole<HTMLButtonElement>('button', { name: 'เลื่อนข้อ 1 ลง' });
    down1.focus();
    fireEvent.click(down1);
    // Saving: still focused and focusable, marked aria-disabled; another press sends nothing.
    expect(down1.disabled).toBe(false);
    expect(down1.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(down1);
    fireEvent.click(down1);
    expect(sent).toHaveLength(1);
    await act(async () => save());
    // ข้อ 1 is now the second: focus on its down button (now named after its new place), pressed again.
    const down2 = screen.getByRole('button', { name: 'เลื่อนข้อ 2 ลง' });
    expect(down2.closest('li')?.textContent).toContain('ข้อ 1');
    expect(down2.getAttribute('aria-disabled')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(down2));
    fireEvent.click(down2);
    expect(sent[1]).toEqual([id(2), id(3), id(1)]);
    await act(async () => save());
    // At the end its down button is gone from the tab order: the focus is on its up button.
    const up3 = screen.getByRole('button', { name: 'เลื่อนข้อ 3 ขึ้น' });
    expect(up3.closest('li')?.textContent).toContain('ข้อ 1');
    await waitFor(() => expect(document.activeElement).toBe(up3));
  });

  it('a move refused because the list changed meanwhile (STALE_EDIT) says the list changed, not that episodes did', async () => {
    const order = {
      isPending: false,
      mutateAsync: vi.fn(async () =>
        Promise.reject(new ApiError(409, 'STALE_EDIT', 'The questions changed')),
      ),
    };
    render(
      withApp(
        <ToastProvider>
          <QuestionRows items={[evaluation(1), evaluation(2)]} order={order}>
            {(q) => <p>{q.promptTh}</p>}
          </QuestionRows>
        </ToastProvider>,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'เลื่อนข้อ 1 ลง' }));
    const toast = await screen.findByText(/เปลี่ยนไป/);
    expect(toast.textContent).toBe('รายการนี้เปลี่ยนไประหว่างที่คุณจัดลำดับ โหลดข้อมูลล่าสุดแล้วจัดลำดับอีกครั้ง');
  });

  it('edits a question in place and sends the form with its id; an answered one is never deleted', async () => {
    const edit = write();
    const remove = write();
    const row = (q: AdminEvaluationQuestion) => (
      <QuestionRow
        question={q}
        n={1}
        prompt={q.promptTh}
        Form={EvaluationForm}
        edit={edit}
        remove={remove}
        answeredAction={<span>retire</span>}
      >
        <p>{q.promptTh}</p>
      </QuestionRow>
    );
    const { rerender } = render(withApp(row(evaluation(1))));
    expect(buttons('ลบคำถามข้อ 1')).toHaveLength(1);
    expect(screen.queryByText('retire')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'แก้ไขคำถามข้อ 1' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'คำถาม (ไทย)' }), { target: { value: 'ข้อใหม่' } });
    fireEvent.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(edit.mutateAsync).toHaveBeenCalledWith(expect.objectContaining({ id: id(1), promptTh: 'ข้อใหม่' }));
    await waitFor(() => expect(buttons('แก้ไขคำถามข้อ 1')).toHaveLength(1));

    rerender(withApp(row(evaluation(1, { answered: true }))));
    expect(buttons('ลบคำถามข้อ 1')).toHaveLength(0);
    expect(screen.queryByText('retire')).not.toBeNull();
  });
});

describe('the choices editor (both question forms)', () => {
  it('adds a choice up to ten, removes one while more than two are left, and sends them in order', async () => {
    const onSave = vi.fn(async (_v: unknown) => null);
    render(withApp(<EvaluationForm busy={false} onSave={onSave} />));
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'choice' } });
    expect(screen.getAllByRole('textbox', { name: /^ตัวเลือกที่ \d+ \(ไทย\)$/ })).toHaveLength(2);
    expect(buttons(REMOVE)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: ADD }));
    expect(buttons(REMOVE)).toHaveLength(3);
    const fill = (n: number, th: string) => {
      fireEvent.change(screen.getByRole('textbox', { name: `ตัวเลือกที่ ${n} (ไทย)` }), {
        target: { value: th },
      });
      fireEvent.change(screen.getByRole('textbox', { name: `ตัวเลือกที่ ${n} (อังกฤษ)` }), {
        target: { value: th },
      });
    };
    fill(1, 'หนึ่ง');
    fill(2, 'สอง');
    fill(3, 'สาม');
    fireEvent.click(screen.getByRole('button', { name: 'ลบตัวเลือกที่ 2' }));
    expect(buttons(REMOVE)).toHaveLength(0);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'ตัวเลือกที่ 2 (ไทย)' }).value).toBe('สาม');

    fireEvent.change(screen.getByRole('textbox', { name: 'คำถาม (ไทย)' }), { target: { value: 'ชอบไหม' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'คำถาม (อังกฤษ)' }), {
      target: { value: 'Like it?' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'เพิ่มคำถาม' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({
        kind: 'choice',
        choices: [
          { labelTh: 'หนึ่ง', labelEn: 'หนึ่ง' },
          { labelTh: 'สาม', labelEn: 'สาม' },
        ],
      }),
    );

    for (let i = 0; i < 8; i++) fireEvent.click(screen.getByRole('button', { name: ADD }));
    expect(screen.getAllByRole('textbox', { name: /^ตัวเลือกที่ \d+ \(ไทย\)$/ })).toHaveLength(10);
    expect(buttons(ADD)).toHaveLength(0);
  });

  it('keeps the choices an answered evaluation question had, but lets new ones go', () => {
    const answered = evaluation(1, {
      kind: 'choice',
      answered: true,
      choices: [
        { id: id(4), labelTh: 'ก', labelEn: 'a' },
        { id: id(5), labelTh: 'ข', labelEn: 'b' },
      ],
    });
    render(withApp(<EvaluationForm question={answered} busy={false} onSave={vi.fn()} />));
    fireEvent.click(screen.getByRole('button', { name: ADD }));
    expect(buttons(REMOVE).map((b) => b.getAttribute('aria-label'))).toEqual(['ลบตัวเลือกที่ 3']);
  });

  it('a test question: true or false, or an answered one, has its choices fixed', () => {
    const { unmount } = render(withApp(<QuestionForm question={question()} busy={false} onSave={vi.fn()} />));
    fireEvent.click(screen.getByRole('button', { name: ADD }));
    expect(buttons(REMOVE)).toHaveLength(3);
    fireEvent.change(screen.getByRole('combobox', { name: 'ชนิดคำถาม' }), { target: { value: 'true_false' } });
    expect(buttons(REMOVE)).toHaveLength(0);
    expect(buttons(ADD)).toHaveLength(0);
    unmount();

    render(withApp(<QuestionForm question={question({ answered: true })} busy={false} onSave={vi.fn()} />));
    const form = screen.getByRole('button', { name: 'บันทึก' }).closest('form')!;
    expect(within(form).queryAllByRole('button', { name: REMOVE })).toHaveLength(0);
    expect(within(form).queryAllByRole('button', { name: ADD })).toHaveLength(0);
  });
});

describe('the test question form', () => {
  const topic = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'หัวข้อ' });

  it('sends the topic with a new question, hinted as what a result lists to study, then empties it', async () => {
    const onSave = vi.fn(async (_v: unknown) => null);
    render(withApp(<QuestionForm busy={false} onSave={onSave} />));
    expect(topic().value).toBe('');
    expect(topic().maxLength).toBe(120);
    expect(topic().getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(topic().getAttribute('aria-describedby')!)?.textContent).toMatch(
      /ไม่บังคับ.*หัวข้อของข้อที่ตอบไม่ถูก/,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'คำถาม' }), {
      target: { value: 'ควรมีเงินสำรองกี่เดือน' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'ตัวเลือกที่ 1' }), { target: { value: '3-6 เดือน' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'ตัวเลือกที่ 2' }), { target: { value: '1 เดือน' } });
    fireEvent.change(topic(), { target: { value: 'เงินสำรองฉุกเฉิน' } });
    fireEvent.click(screen.getByLabelText('ข้อ 1 ถูก'));
    fireEvent.click(screen.getByRole('button', { name: 'เพิ่มคำถาม' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ prompt: 'ควรมีเงินสำรองกี่เดือน', topic: 'เงินสำรองฉุกเฉิน' }),
    );
    await waitFor(() => expect(topic().value).toBe(''));
  });

  it('a new question has no right choice until the author picks one: sent without, it is refused in Thai', () => {
    const onSave = vi.fn(async (_v: unknown) => null);
    render(withApp(<QuestionForm busy={false} onSave={onSave} />));
    for (const n of [1, 2])
      expect((screen.getByLabelText(`ข้อ ${n} ถูก`) as HTMLInputElement).checked).toBe(false);
    fireEvent.change(screen.getByRole('combobox', { name: 'ชนิดคำถาม' }), { target: { value: 'true_false' } });
    for (const n of [1, 2])
      expect((screen.getByLabelText(`ข้อ ${n} ถูก`) as HTMLInputElement).checked).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: 'คำถาม' }), { target: { value: 'ออมก่อนใช้' } });
    fireEvent.click(screen.getByRole('button', { name: 'เพิ่มคำถาม' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('เลือกคำตอบที่ถูกอย่างน้อยหนึ่งข้อ');
  });

  it('shows the topic of the question edited and sends it changed, also for an answered question', () => {
    const onSave = vi.fn(async (_v: unknown) => null);
    render(
      withApp(
        <QuestionForm
          question={question({ topic: 'การออม', answered: true })}
          busy={false}
          onSave={onSave}
        />,
      ),
    );
    expect(topic().value).toBe('การออม');
    expect(topic().disabled).toBe(false);
    fireEvent.change(topic(), { target: { value: 'การออมระยะยาว' } });
    fireEvent.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ prompt: 'ข้อหนึ่ง', topic: 'การออมระยะยาว' }));
  });

  it('a topic longer than 120 characters is refused at the form, in words', () => {
    const onSave = vi.fn(async (_v: unknown) => null);
    render(
      withApp(<QuestionForm question={question({ topic: 'ก'.repeat(121) })} busy={false} onSave={onSave} />),
    );
    fireEvent.click(screen.getByRole('button', { name: 'บันทึก' }));
    expect(screen.getByRole('alert').textContent).toBe('หัวข้อยาวได้ไม่เกิน 120 ตัวอักษร');
    expect(onSave).not.toHaveBeenCalled();
  });
});
