import type { QueryClient } from '@tanstack/react-query';
import { episodesKey } from '../../../lib/course-episodes';
import { assessmentKey } from './assessment';
import { courseAssessmentsKey } from './course-assessments';

/**
 * After an attempt starts or is graded, what other screens know about it is out of date: the test itself,
 * the course's tests, the player's list (quiz ticks, the pre-test redirect), completion and the library.
 */
export function refreshAfterAttempt(qc: QueryClient, assessmentId: string, courseId: string) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: assessmentKey(assessmentId) }),
    qc.invalidateQueries({ queryKey: courseAssessmentsKey(courseId) }),
    qc.invalidateQueries({ queryKey: episodesKey(courseId) }),
    qc.invalidateQueries({ queryKey: ['episode-assessments'] }),
    qc.invalidateQueries({ queryKey: ['course-completion', courseId] }),
    qc.invalidateQueries({ queryKey: ['my-course'] }),
  ]);
}
