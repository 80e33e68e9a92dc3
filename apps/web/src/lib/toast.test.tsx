import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DEFAULT_MS, ToastProvider, useToast } from './toast';

function Trigger({ ms }: { ms?: number }) {
  const show = useToast();
  return (
    <button type="button" onClick={() => show('บันทึกแล้ว', 'success', ms)}>
      go
    </button>
  );
}

afterEach(() => vi.useRealTimers());

describe('notifications (spec section 9)', () => {
  it('last 1.5 seconds by default', () => {
    vi.useFakeTimers();
    expect(TOAST_DEFAULT_MS).toBe(1500);
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    act(() => screen.getByText('go').click());
    expect(screen.getByText('บันทึกแล้ว')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1499));
    expect(screen.queryByText('บันทึกแล้ว')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('บันทึกแล้ว')).toBeNull();
  });

  it('last as long as asked when a duration is given', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger ms={4000} />
      </ToastProvider>,
    );
    act(() => screen.getByText('go').click());
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByText('บันทึกแล้ว')).not.toBeNull();
  });

  it('leaves no timer behind once the provider is gone (none fires into a page that is gone)', () => {
    vi.useFakeTimers();
    const { unmount } = render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    act(() => screen.getByText('go').click());
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
