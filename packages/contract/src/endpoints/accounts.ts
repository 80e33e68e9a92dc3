import { z } from 'zod';
import {
  adminCertificate,
  adminRoleBody,
  adminSubscriptionGrantBody,
  adminUserDetail,
  adminUserPage,
  adminUserQuery,
  adminUserSessionParams,
  adminUserSubscription,
  adminUserSubscriptionParams,
  certificateRevokeBody,
} from '../admin-people.js';
import {
  deviceLimitError,
  deviceLimitOrTaken,
  facebookAuthBody,
  googleAuthBody,
  loginAnswer,
  loginBody,
  logoutBody,
  oidcAuthBody,
  oidcAuthorizeAnswer,
  oidcAuthorizeBody,
  partialLoginBody,
  refreshBody,
  sessionList,
  tokenPair,
} from '../auth.js';
import { idParams, successAnswer } from '../common.js';
import { endpointTable } from '../endpoint.js';
import { apiError } from '../errors.js';
import {
  changePasswordBody,
  checkPasswordAnswer,
  checkPasswordBody,
  forgotPasswordBody,
  profileImageParams,
  registerBody,
  resetPasswordBody,
  setPasswordOldUserParams,
  user,
  userPatchBody,
  verifyResetAnswer,
  verifyResetBody,
} from '../users.js';

const auth = ['auth'];
const users = ['users'];
const admin = ['admin'];

/** The partner's sign-in (/siriraj-auth, PRODUCT.md section 3) and LINE Login (/line-auth): start and finish. */
const oidcStart = (label: string) =>
  ({
    audience: 'public',
    tags: auth,
    summary: `Start ${label}: the provider's authorization URL for this PKCE challenge (state and nonce chosen here)`,
    body: oidcAuthorizeBody,
    answers: { 200: oidcAuthorizeAnswer, 400: apiError, 404: apiError, 502: apiError },
  }) as const;
const oidcFinish = (label: string) =>
  ({
    audience: 'public',
    tags: auth,
    summary: `Finish ${label}: the authorization code, its PKCE verifier and the state it came back with`,
    body: oidcAuthBody,
    answers: { 200: loginAnswer, 401: apiError, 404: apiError, 409: deviceLimitOrTaken, 502: apiError },
  }) as const;
const PARTNER = 'the partner’s sign-in';
const LINE = 'LINE Login';

/** Sign-in, sessions and devices; registration, profiles and passwords; social sign-in; the console's people. */
export const accountsEndpoints = endpointTable({
  'POST /api/auth': {
    audience: 'public',
    tags: auth,
    summary: 'Log in with e-mail and password from a device',
    body: loginBody,
    answers: { 200: loginAnswer, 401: apiError, 409: deviceLimitError, 429: apiError },
  },
  'POST /api/users/partial-login': {
    audience: 'public',
    tags: auth,
    summary: 'Complete a login that hit the device limit by signing out chosen devices',
    body: partialLoginBody,
    answers: { 200: loginAnswer, 401: apiError, 409: deviceLimitError },
  },
  'POST /api/auth/refresh': {
    audience: 'public',
    tags: auth,
    summary: 'Rotate the refresh token (sent as Bearer and in the body)',
    body: refreshBody,
    answers: { 200: tokenPair, 401: apiError },
  },
  'GET /api/auth': {
    audience: 'user',
    tags: auth,
    summary: 'The current user',
    answers: { 200: user, 401: apiError },
  },
  'POST /api/auth/save-logout-user': {
    audience: 'user',
    tags: auth,
    summary: 'Log out: ends the current session',
    body: logoutBody.nullish(),
    answers: { 200: successAnswer },
  },
  'GET /api/auth/sessions': {
    audience: 'user',
    tags: auth,
    summary: 'My signed-in devices',
    answers: { 200: sessionList },
  },
  'DELETE /api/auth/sessions/:id': {
    audience: 'user',
    tags: auth,
    summary: 'Sign out one of my devices',
    params: idParams,
    answers: { 204: z.null(), 404: apiError },
  },

  'POST /api/users': {
    audience: 'public',
    tags: users,
    summary: 'Register (and log in); the terms and privacy notice must be accepted (acceptTerms: true)',
    body: registerBody,
    answers: { 201: loginAnswer, 400: apiError, 409: apiError },
  },
  'POST /api/users/forgot-password': {
    audience: 'public',
    tags: users,
    summary: 'E-mail a password reset link (always 200)',
    body: forgotPasswordBody,
    answers: { 200: successAnswer },
  },
  'POST /api/users/verify-password-reset': {
    audience: 'public',
    tags: users,
    summary: 'Check a reset code before showing the form',
    body: verifyResetBody,
    answers: { 200: verifyResetAnswer, 400: apiError },
  },
  'POST /api/users/reset-password': {
    audience: 'public',
    tags: users,
    summary: 'Set a new password with a reset code',
    body: resetPasswordBody,
    answers: { 200: successAnswer, 400: apiError },
  },
  'GET /api/users/set-password-old-user/:email': {
    audience: 'public',
    tags: users,
    summary: 'E-mail a migrated user a link to set a password',
    params: setPasswordOldUserParams,
    answers: { 200: successAnswer, 404: apiError },
  },
  'POST /api/users/check-password': {
    audience: 'user',
    tags: users,
    summary: 'Confirm my current password',
    body: checkPasswordBody,
    answers: { 200: checkPasswordAnswer },
  },
  'POST /api/users/reset-password-contact': {
    audience: 'user',
    tags: users,
    summary: 'Change my password (ends my other sessions)',
    body: changePasswordBody,
    answers: { 200: successAnswer, 400: apiError },
  },
  'GET /api/users/:id': {
    audience: 'user',
    tags: users,
    summary: 'A user (self or admin)',
    params: idParams,
    answers: { 200: user, 404: apiError },
  },
  'PATCH /api/users/:id': {
    audience: 'user',
    tags: users,
    summary: 'Update a user (self or admin); protected fields are ignored',
    params: idParams,
    body: userPatchBody,
    answers: { 200: user, 404: apiError },
  },
  'POST /api/users/:id/profile-image': {
    audience: 'user',
    tags: users,
    summary: 'Upload my profile photo (PNG, JPEG or WebP, at most 2 MB; raw body)',
    params: idParams,
    answers: { 200: user },
  },
  'GET /api/media/profile/:file': {
    audience: 'public',
    tags: users,
    summary: 'A profile photo',
    params: profileImageParams,
  },

  'POST /api/google-auth': {
    audience: 'public',
    tags: auth,
    summary: 'Sign in (or sign up) with a Google ID token',
    body: googleAuthBody,
    answers: { 200: loginAnswer, 401: apiError, 404: apiError, 409: deviceLimitOrTaken },
  },
  'POST /api/facebook-auth': {
    audience: 'public',
    tags: auth,
    summary: 'Sign in (or sign up) with a Facebook Login access token (verified with the Graph API)',
    body: facebookAuthBody,
    answers: { 200: loginAnswer, 401: apiError, 404: apiError, 409: deviceLimitOrTaken, 502: apiError },
  },
  'POST /api/siriraj-auth/authorize': oidcStart(PARTNER),
  'POST /api/siriraj-auth': oidcFinish(PARTNER),
  'POST /api/line-auth/authorize': oidcStart(LINE),
  'POST /api/line-auth': oidcFinish(LINE),

  'GET /api/admin/users': {
    audience: 'admin',
    tags: admin,
    summary: 'Users, one page',
    query: adminUserQuery,
    answers: { 200: adminUserPage },
  },
  'GET /api/admin/users/:id': {
    audience: 'admin',
    tags: admin,
    summary: 'One user with sessions, subscriptions and certificates',
    params: idParams,
    answers: { 200: adminUserDetail },
  },
  'PUT /api/admin/users/:id/role': {
    audience: 'admin',
    tags: admin,
    summary: "Change a user's role",
    params: idParams,
    body: adminRoleBody,
    answers: { 200: adminUserDetail },
  },
  'DELETE /api/admin/users/:id/sessions/:sessionId': {
    audience: 'admin',
    tags: admin,
    summary: "End one of a user's sessions",
    params: adminUserSessionParams,
  },
  'POST /api/admin/users/:id/subscriptions': {
    audience: 'admin',
    tags: admin,
    summary: 'Grant a paid plan until a date or for one period (409 SUBSCRIPTION_EXISTS when one is current)',
    params: idParams,
    body: adminSubscriptionGrantBody,
    answers: { 201: adminUserSubscription },
  },
  'POST /api/admin/users/:id/subscriptions/:subscriptionId/end': {
    audience: 'admin',
    tags: admin,
    summary: 'End a subscription now',
    params: adminUserSubscriptionParams,
    answers: { 200: adminUserSubscription },
  },
  'POST /api/admin/certificates/:id/revoke': {
    audience: 'admin',
    tags: admin,
    summary: 'Revoke a certificate, with a reason',
    params: idParams,
    body: certificateRevokeBody,
    answers: { 200: adminCertificate },
  },
});
