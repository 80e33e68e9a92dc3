import { act, cleanup, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError, errorFrom } from './api-error';
import { useApiErrorHandler, useErrorText } from './forms';
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
