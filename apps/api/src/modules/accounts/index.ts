// Accounts: sign-in, sessions and devices, refresh tokens and single-use tokens; registration, profiles and
// passwords; sign-in with Google, Facebook, LINE and the partner's OpenID Connect provider; the console's people.
export type { AccountRecords } from './account-records.js';
export { authRoutes } from './auth.routes.js';
export { AuthService, type SignInHook } from './auth.service.js';
export { peopleRoutes } from './people.routes.js';
export { PeopleService } from './people.service.js';
export { spendToken, tokenSpent } from './sessions.repo.js';
export { socialRoutes } from './social.routes.js';
export { SocialService } from './social.service.js';
export { USER_BY_ID } from './users.repo.js';
export { usersRoutes } from './users.routes.js';
export { maskEmail, UsersService } from './users.service.js';
