import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../lib/toast';
import { withApp } from '../../../test-content';
import { AddByEmailForm } from './AddByEmailForm';

const form = (add: (email: string) => Promise<unknown>) =>
  render(
    withApp(
      <ToastProvider>
        <AddByEmailForm
          label="admin.orgs.addManager"
          added="admin.orgs.managerAdded"
          add={add}
          busy={false}
        />
      </ToastProvider>,
    ),
  );

describe('adding a person to an organisation by e-mail', () => {
  it('sends the address typed and empties the field once added', async () => {
    const add = vi.fn(async () => null);
    form(add);
    const field = screen.getByLabelText('เพิ่มผู้จัดการด้วยอีเมลของบัญชี') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'manager@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'เพิ่ม' }));
    await waitFor(() => expect(add).toHaveBeenCalledWith('manager@example.com'));
    await waitFor(() => expect(field.value).toBe(''));
  });

  it('keeps what was typed when the address is refused', async () => {
    const add = vi.fn(async () => {
      throw new Error('refused');
    });
    form(add);
    const field = screen.getByLabelText('เพิ่มผู้จัดการด้วยอีเมลของบัญชี') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'nobody@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'เพิ่ม' }));
    await waitFor(() => expect(add).toHaveBeenCalled());
    expect(field.value).toBe('nobody@example.com');
  });
});
