import { api } from '../../../lib/api';

/** `POST /free-trial`: starts the learner's one free trial; 409 TRIAL_NOT_ELIGIBLE after one, or while subscribed. */
export const startTrial = () => api('POST /api/free-trial', { auth: true });
