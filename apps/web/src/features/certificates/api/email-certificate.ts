import type { certificateEmailAnswer } from '@rianroo/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../lib/session';

export type CertificateEmailAnswer = z.infer<typeof certificateEmailAnswer>;

/** `POST /media/get-certificate-to-email`: e-mails my certificate to my own address. */
export const emailCertificate = (courseId: string) =>
  call<CertificateEmailAnswer>('/media/get-certificate-to-email', { body: { courseId }, auth: true });

export const useEmailCertificate = (courseId: string) =>
  useMutation({ mutationFn: () => emailCertificate(courseId) });
