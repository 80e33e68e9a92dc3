import type { ContactBody, InstructorApplicationBody } from '@rianroo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { contactGuardKey } from '../../../lib/contact';

/** Creates the learner's contact, or changes the one given (the spec: `id` is removed before creating). */
export function useSaveContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ContactBody & { id?: string }) =>
      id
        ? api('PATCH /api/contact/:id', { params: { id }, body, auth: true })
        : api('POST /api/contact/create-contact', { body, auth: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: contactGuardKey }),
  });
}

export function useApplyToTeach() {
  return useMutation({
    mutationFn: (body: InstructorApplicationBody) => api('POST /api/next-instructor-form', { body }),
  });
}
