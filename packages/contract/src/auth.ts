import { z } from 'zod';
import { device, uuid } from './common.js';
import { user } from './users.js';
import { apiError } from './errors.js';

export const loginBody = z.object({
  email: z
    .string()
    .trim()
    .min(3)
    .max(254)
    .transform((v) => v.toLowerCase()),
  password: z.string().min(1).max(256),
  device,
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginAnswer = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  user,
  /** This sign-in cancelled the learner's request to close the account (the 14-day cool-off; privacy-closure.ts). */
  closure_cancelled: z.literal(true).optional(),
});
export type LoginAnswer = z.infer<typeof loginAnswer>;

export const refreshBody = z.object({
  userId: uuid,
  refreshToken: z.string().min(16).max(512),
});
export const tokenPair = z.object({ access_token: z.string(), refresh_token: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

export const logoutBody = z.object({ device: device.optional() });

export const activeDevice = z.object({
  id: z.string(),
  name: z.string(),
  lastUsedAt: z.string(),
  createdAt: z.string(),
});
export type ActiveDevice = z.infer<typeof activeDevice>;

/** Extra fields of the 409 DEVICE_LIMIT_REACHED error body. */
export const deviceLimitError = z.object({
  statusCode: z.literal(409),
  code: z.literal('DEVICE_LIMIT_REACHED'),
  message: z.string(),
  partialToken: z.string(),
  devices: z.array(activeDevice),
});
/** A social sign-in's 409: the device limit, or the address of a closed account (ALREADY_EXISTS, as registration). */
export const deviceLimitOrTaken = z.union([deviceLimitError, apiError]);
export type DeviceLimitError = z.infer<typeof deviceLimitError>;

export const partialLoginBody = z.object({
  partialToken: z.string().min(16).max(2048),
  logoutDeviceIds: z.array(z.string().min(1).max(128)).min(1).max(20),
});

export const session = z.object({
  id: uuid,
  deviceId: z.string(),
  deviceName: z.string(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});
export type Session = z.infer<typeof session>;
export const sessionList = z.array(session);

/** Facebook Login: the user access token the login dialog gave the browser. */
export const facebookAuthBody = z.object({
  accessToken: z.string().min(20).max(4096),
  device,
});

/** OpenID Connect sign-in providers: the partner's (`/siriraj-auth`) and LINE Login (`/line-auth`). */
export const oidcProviders = ['siriraj', 'line'] as const;
export type OidcProvider = (typeof oidcProviders)[number];

const base64url = /^[A-Za-z0-9_-]+$/;

/**
 * Starts an OpenID Connect sign-in: the browser keeps the PKCE code verifier and sends only its S256
 * challenge; the API chooses state and nonce and answers the provider's authorization URL.
 */
export const oidcAuthorizeBody = z.object({
  /** Where the provider sends the browser back: this platform's `/login/{provider}` page. */
  redirectUri: z.url({ protocol: /^https?$/ }).max(500),
  /** BASE64URL(SHA-256(code verifier)), RFC 7636. */
  codeChallenge: z.string().length(43).regex(base64url),
});
export const oidcAuthorizeAnswer = z.object({ url: z.string(), state: z.string() });
export type OidcAuthorizeAnswer = z.infer<typeof oidcAuthorizeAnswer>;

/** Completes it with what came back to the callback page and the verifier only this browser knows. */
export const oidcAuthBody = z.object({
  code: z.string().min(1).max(2048),
  codeVerifier: z
    .string()
    .min(43)
    .max(128)
    .regex(/^[A-Za-z0-9._~-]+$/),
  redirectUri: z.url({ protocol: /^https?$/ }).max(500),
  state: z.string().min(1).max(200),
  /** The `iss` the provider put in its answer (RFC 9207), when it does. */
  iss: z.string().max(500).optional(),
  device,
});
export type OidcAuthBody = z.infer<typeof oidcAuthBody>;

export const googleAuthBody = z.object({
  /** The ID token (JWT) that Google Identity Services gave the browser. */
  credential: z.string().min(20).max(4096),
  device,
});
