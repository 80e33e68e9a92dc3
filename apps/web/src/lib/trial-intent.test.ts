import { describe, expect, it } from 'vitest';
import { leadsToTrial, startsTrial, trialSignUpRedirect, TRIAL_START_PATH } from './trial-intent';

describe('the free trial as the way a sign-up or login leads (issue 33)', () => {
  it('is the trial for /free-trial and the paths under it, with or without a query', () => {
    for (const r of ['/free-trial', '/free-trial/start', '/free-trial/welcome?cpc=X', '/free-trial?x=1'])
      expect(leadsToTrial(r), r).toBe(true);
    for (const r of [null, '', '/library', '/free-trials', '/checkout/trial', '//evil.example/free-trial'])
      expect(leadsToTrial(r), String(r)).toBe(false);
  });

  it('starts the trial right after sign-up only on its start path', () => {
    expect(startsTrial(TRIAL_START_PATH)).toBe(true);
    expect(startsTrial(`${TRIAL_START_PATH}?from=preview`)).toBe(true);
    expect(startsTrial('/free-trial')).toBe(false);
    expect(startsTrial('/free-trial/welcome')).toBe(false);
    expect(startsTrial(null)).toBe(false);
  });

  it("makes the offer's page, reached through login, the trial's start for a new account; keeps other paths", () => {
    expect(trialSignUpRedirect('/free-trial')).toBe(TRIAL_START_PATH);
    expect(trialSignUpRedirect('/free-trial/welcome')).toBe('/free-trial/welcome');
    expect(trialSignUpRedirect(TRIAL_START_PATH)).toBe(TRIAL_START_PATH);
  });
});
