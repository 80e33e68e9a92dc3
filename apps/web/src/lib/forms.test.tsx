import { contactBody, joinOrganizationBody, registerBody } from '@rianroo/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError, errorFrom } from './api-error';
import { issueKey, useApiErrorHandler, useErrorText, useZodForm } from './forms';
import { I18nProvider } from './i18n';
import { ToastProvider } from './toast';

function ErrorText({ err }: { err: unknown }) {
  return <p>{useErrorText()(err)}</p>;
}

const textOf = (err: unknown) => {
  render(
    <I18nProvider>
      <ErrorText err={err} />
    </I18nProvider>,
  );
  return screen.getByRole('paragraph').textContent;
};

// Expected texts are written out (the screens' Thai and English words), never read from the string tables.
describe('the text of an API error', () => {
  it('is the translation of its code', () => {
    expect(textOf(new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid e-mail or password'))).toBe(
      'อีเมลหรือรหัสผ่านไม่ถูกต้อง',
    );
  });

  it('too many attempts: says how many minutes to wait when the server said (Retry-After), else a moment', async () => {
    const limited = (retryAfter?: string) =>
      errorFrom(
        new Response(
          JSON.stringify({ statusCode: 429, code: 'RATE_LIMITED', message: 'Too many attempts' }),
          {
            status: 429,
            headers: {
              'content-type': 'application/json',
              ...(retryAfter ? { 'retry-after': retryAfter } : {}),
            },
          },
        ),
      );
    expect(textOf(await limited('290'))).toBe('ลองหลายครั้งเกินไป กรุณารอ 5 นาทีแล้วลองใหม่');
    cleanup();
    expect(textOf(await limited('60'))).toBe('ลองหลายครั้งเกินไป กรุณารอ 1 นาทีแล้วลองใหม่');
    cleanup();
    expect(textOf(await limited('20'))).toBe('ลองหลายครั้งเกินไป กรุณารอสักครู่แล้วลองใหม่');
    cleanup();
    expect(textOf(await limited())).toBe('ลองหลายครั้งเกินไป กรุณารอสักครู่แล้วลองใหม่');
    cleanup();
    localStorage.setItem('lang', 'en');
    expect(textOf(await limited('900'))).toBe('Too many attempts. Please wait 15 minutes and try again.');
    cleanup();
    expect(textOf(await limited('45'))).toBe('Too many attempts. Please wait a moment and try again.');
    cleanup();
    expect(textOf(await limited('61'))).toBe('Too many attempts. Please wait 2 minutes and try again.');
  });

  it('never shows the English server message on a Thai screen', () => {
    expect(textOf(new ApiError(418, 'SOMETHING_NEW', 'Teapot'))).toBe('เกิดข้อผิดพลาด กรุณาลองใหม่อีกครั้ง');
  });

  it('shows the server message of an unknown 4xx code on an English screen, never a 5xx one', () => {
    localStorage.setItem('lang', 'en');
    expect(textOf(new ApiError(418, 'SOMETHING_NEW', 'Teapot'))).toBe('Teapot');
    render(
      <I18nProvider>
        <ErrorText err={new ApiError(502, 'BAD_GATEWAY', 'upstream stack trace')} />
      </I18nProvider>,
    );
    expect(screen.getByText('Something went wrong. Please try again.')).toBeTruthy();
  });
});

type Fields = { email: string; password: string };
function Form({ err }: { err: unknown }) {
  const form = useForm<Fields>();
  const onError = useApiErrorHandler<Fields>(form, ['email', 'password']);
  return (
    <>
      <button type="button" onClick={() => onError(err)}>
        fail
      </button>
      <p data-testid="email-error">{form.formState.errors.email?.message ?? ''}</p>
    </>
  );
}

const renderForm = (err: unknown) =>
  render(
    <I18nProvider>
      <ToastProvider>
        <Form err={err} />
      </ToastProvider>
    </I18nProvider>,
  );

describe('the one place an API error reaches a form', () => {
  it('shows an error about a known field at the field, and no toast', () => {
    renderForm(
      new ApiError(409, 'ALREADY_EXISTS', 'taken', [{ path: 'email', message: 'Email already registered' }]),
    );
    act(() => screen.getByText('fail').click());
    expect(screen.getByTestId('email-error').textContent).toBe('อีเมลนี้มีบัญชีอยู่แล้ว');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows anything else as a toast', () => {
    renderForm(new ApiError(429, 'RATE_LIMITED', 'Too many requests'));
    act(() => screen.getByText('fail').click());
    expect(screen.getByRole('alert').textContent).toBe('ลองหลายครั้งเกินไป กรุณารอสักครู่แล้วลองใหม่');
    expect(screen.getByTestId('email-error').textContent).toBe('');
  });
});

describe("the words of a field that does not validate (the contract's schemas, our words)", () => {
  /** The issue zod raises for `field` when `value` is given, as the form's error map receives it. */
  const issueOf = (
    schema: typeof joinOrganizationBody | typeof contactBody | typeof registerBody,
    field: string,
    value: unknown,
  ) => {
    const parsed = schema.safeParse({ [field]: value }, { reportInput: true });
    return parsed.error!.issues.find((i) => i.path[0] === field)!;
  };

  it('a filled field too short or too long says the limit; an empty one (or only spaces) still says "please fill in"', () => {
    expect(issueKey(issueOf(joinOrganizationBody, 'code', 'abc'))).toEqual({
      key: 'field.tooShort',
      vars: { n: 4 },
    });
    expect(issueKey(issueOf(joinOrganizationBody, 'code', 'x'.repeat(41)))).toEqual({
      key: 'field.tooLong',
      vars: { n: 40 },
    });
    expect(issueKey(issueOf(contactBody, 'organization', 'ก'.repeat(121)))).toEqual({
      key: 'field.tooLong',
      vars: { n: 120 },
    });
    expect(issueKey(issueOf(joinOrganizationBody, 'code', ''))).toEqual({ key: 'field.required' });
    expect(issueKey(issueOf(joinOrganizationBody, 'code', '   '))).toEqual({ key: 'field.required' });
    expect(issueKey(issueOf(contactBody, 'organization', ''))).toEqual({ key: 'field.required' });
    // A new password keeps its own words, which name the minimum as the field's hint does.
    expect(issueKey(issueOf(registerBody, 'password', 'short'))).toEqual({ key: 'field.passwordMin' });
  });

  function JoinForm() {
    const { register, handleSubmit, formState } = useZodForm(joinOrganizationBody, { code: '' });
    return (
      <form onSubmit={handleSubmit(() => undefined)}>
        <input aria-label="code" {...register('code')} />
        <p data-testid="code-error">{formState.errors.code?.message}</p>
        <button type="submit">join</button>
      </form>
    );
  }
  const messageFor = async (value: string) => {
    render(
      <I18nProvider>
        <JoinForm />
      </I18nProvider>,
    );
    fireEvent.change(screen.getByLabelText('code'), { target: { value } });
    await act(async () => fireEvent.click(screen.getByText('join')));
    const text = screen.getByTestId('code-error').textContent;
    cleanup();
    return text;
  };

  it('in Thai and in English, with the number', async () => {
    expect(await messageFor('abc')).toBe('กรุณากรอกอย่างน้อย 4 ตัวอักษร');
    expect(await messageFor('x'.repeat(41))).toBe('กรอกได้ไม่เกิน 40 ตัวอักษร');
    expect(await messageFor('')).toBe('กรุณากรอกช่องนี้');
    localStorage.setItem('lang', 'en');
    expect(await messageFor('abc')).toBe('Enter at least 4 characters');
    expect(await messageFor('x'.repeat(41))).toBe('Enter no more than 40 characters');
    expect(await messageFor('')).toBe('Please fill in this field');
    localStorage.removeItem('lang');
  });
});
