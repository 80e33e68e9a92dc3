import type { AnswerOf } from '@rianroo/contract/client';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type CertificateEmailAnswer = AnswerOf<'POST /api/media/get-certificate-to-email'>;

/** `POST /media/get-certificate-to-email`: e-mails my certificate to my own address. */
export const emailCertificate = (courseId: string) =>
  api('POST /api/media/get-certificate-to-email', { body: { courseId }, auth: true });

/**
 * The answer is told through the mutation's own callbacks, not `mutate`'s: those are dropped when the screen
 * re-renders its actions while the mail is on its way, and the learner would never hear that it went.
 */
export const useEmailCertificate = (
  courseId: string,
  on: { sent: (answer: CertificateEmailAnswer) => void; failed: (err: unknown) => void },
) => useMutation({ mutationFn: () => emailCertificate(courseId), onSuccess: on.sent, onError: on.failed });
