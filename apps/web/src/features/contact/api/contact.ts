import type { Contact, ContactBody, InstructorApplicationBody } from '@rianroo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactGuardKey } from '../../../lib/contact';
import { call } from '../../../lib/session';

/** Creates the learner's contact, or changes the one given (the spec: `id` is removed before creating). */
export function useSaveContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ContactBody & { id?: string }) =>
      id
        ? call<Contact>(`/contact/${id}`, { method: 'PATCH', body, auth: true })
        : call<Contact>('/contact/create-contact', { body, auth: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: contactGuardKey }),
  });
}

export function useApplyToTeach() {
  return useMutation({
    mutationFn: (body: InstructorApplicationBody) =>
      call<{ success: true }>('/next-instructor-form', { body }),
  });
}
