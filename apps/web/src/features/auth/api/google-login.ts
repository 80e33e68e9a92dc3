import { api } from '../../../lib/api';
import { loginWith, type LoginOutcome } from './login';

export const googleLogin = (credential: string): Promise<LoginOutcome> =>
  loginWith((device) => api('POST /api/google-auth', { body: { credential, device } }));
