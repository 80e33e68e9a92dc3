import { loginWith, type LoginOutcome } from './login';

export const googleLogin = (credential: string): Promise<LoginOutcome> =>
  loginWith('/google-auth', { credential });
