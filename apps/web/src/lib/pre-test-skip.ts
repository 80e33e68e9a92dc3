import { read, write } from './storage';

/** A skippable pre-test the learner chose to skip, remembered on this device. */
const key = (assessmentId: string) => `preTestSkipped:${assessmentId}`;

export const skipPreTest = (assessmentId: string) => write(key(assessmentId), '1');
export const preTestSkipped = (assessmentId: string) => read(key(assessmentId)) === '1';
