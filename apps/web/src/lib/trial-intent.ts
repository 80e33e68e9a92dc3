import { safeRedirect } from './protected-paths';

/**
 * Where the free trial starts for a learner who asked for it (onboarding's TrialStartPage): a visitor's trial
 * link goes here, the route guard sends them to sign-up with it as the redirect (spec section 2: paths under
 * /free-trial/ go to /register), and every way of signing in (the form, Google, Facebook, the partner, LINE)
 * comes back to it, where the trial is started.
 */
export const TRIAL_START_PATH = '/free-trial/start';

/** The path of a same-site redirect (anything else counts as none). */
const pathOf = (redirect: string) => new URL(safeRedirect(redirect, '/'), 'https://same.site').pathname;

/** Whether signing up or in on the way to `redirect` is for the free trial (/free-trial or a path under it). */
export function leadsToTrial(redirect: string | null): boolean {
  if (!redirect) return false;
  const path = pathOf(redirect);
  return path === '/free-trial' || path.startsWith('/free-trial/');
}

/** Whether it is this very start (the trial begins right after signing up), not the offer's page. */
export const startsTrial = (redirect: string | null) => !!redirect && pathOf(redirect) === TRIAL_START_PATH;

/**
 * Where sign-up leads a visitor who came to log in on the way to the trial (the announcement's link to the
 * offer's page, /free-trial, goes to /login by spec section 2): a new account is always eligible, so the offer's
 * page becomes the trial's start; any other path is kept.
 */
export function trialSignUpRedirect(redirect: string): string {
  return pathOf(redirect) === '/free-trial' ? TRIAL_START_PATH : redirect;
}
