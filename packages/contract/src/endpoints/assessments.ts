import { z } from 'zod';
import {
  adminAssessment,
  adminAssessmentList,
  assessmentCreate,
  assessmentUpdate,
  questionInput,
  questionOrder,
  questionRetire,
} from '../admin-assessments.js';
import {
  assessmentDetail,
  assessmentList,
  assessmentResponseBody,
  assessmentResult,
  assessmentResultList,
  assessmentResultQuery,
  assessmentSubmitBody,
  attemptInProgress,
  courseAssessmentsParams,
  episodeAssessmentsParams,
} from '../assessments.js';
import { idParams } from '../common.js';
import { courseIdParams, episodesAndQuizzes } from '../courses.js';
import { endpointTable } from '../endpoint.js';
import { apiError } from '../errors.js';

const tags = ['assessments'];
const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };
const admin = ['admin'];
const adminErrors = { 400: apiError, 404: apiError, 409: apiError };
const one = { 200: adminAssessment, ...adminErrors };

export const assessmentsEndpoints = endpointTable({
  'POST /api/course/:id/get-episode-and-quiz': {
    audience: 'user',
    tags: ['courses'],
    summary: 'Episodes in order, locked for this learner or not',
    params: courseIdParams,
    answers: { 200: episodesAndQuizzes, 404: apiError },
  },
  'GET /api/assessment/get-questions-by-episode/:episodeId': {
    audience: 'user',
    tags,
    summary: 'The quiz after an episode (none or one), without its answers, with my attempts',
    params: episodeAssessmentsParams,
    answers: { 200: assessmentList, ...errors },
  },
  'GET /api/assessment/get-assessment-by-course/:courseId': {
    audience: 'user',
    tags,
    summary: "A course's pre-test, quizzes and post-test, without their answers, with my attempts",
    params: courseAssessmentsParams,
    answers: { 200: assessmentList, ...errors },
  },
  'GET /api/assessment/:id': {
    audience: 'user',
    tags,
    summary: 'One assessment, without its answers, with my attempts and the attempt in progress',
    params: idParams,
    answers: { 200: assessmentDetail, ...errors },
  },
  'POST /api/assessment-response': {
    audience: 'user',
    tags,
    summary: 'Start an attempt (no answers) or save answers of the attempt in progress (autosave)',
    body: assessmentResponseBody,
    answers: { 200: attemptInProgress, ...errors },
  },
  'POST /api/assessment-result': {
    audience: 'user',
    tags,
    summary: 'Submit the attempt in progress and have it graded (once, also from two tabs)',
    body: assessmentSubmitBody,
    answers: { 200: assessmentResult, ...errors },
  },
  'GET /api/assessment-result': {
    audience: 'user',
    tags,
    summary: 'My graded attempts of an assessment, newest first',
    query: assessmentResultQuery,
    answers: { 200: assessmentResultList, ...errors },
  },

  // The console: quizzes (per episode), pre- and post-tests (per course), their questions and right answers.
  'GET /api/admin/courses/:id/assessments': {
    audience: 'admin',
    tags: admin,
    summary: "A course's pre-test, quizzes and post-test with their questions and right answers",
    params: courseIdParams,
    answers: { 200: adminAssessmentList, 404: apiError },
  },
  'POST /api/admin/courses/:id/assessments': {
    audience: 'admin',
    tags: admin,
    summary: "Add an episode's quiz or the course's pre- or post-test (409 when it has one)",
    params: courseIdParams,
    body: assessmentCreate,
    answers: { 201: adminAssessment, ...adminErrors },
  },
  'GET /api/admin/assessments/:id': {
    audience: 'admin',
    tags: admin,
    summary: 'One quiz or test',
    params: idParams,
    answers: one,
  },
  'PATCH /api/admin/assessments/:id': {
    audience: 'admin',
    tags: admin,
    summary:
      'Edit the settings: title, pass mark, attempts, time limit, shuffle, skippable, published (409 EDIT_CONFLICT when another edit came first)',
    params: idParams,
    body: assessmentUpdate,
    answers: one,
  },
  'DELETE /api/admin/assessments/:id': {
    audience: 'admin',
    tags: admin,
    summary: 'Delete a quiz or test nobody has taken (409 QUESTION_ANSWERED otherwise: unpublish it)',
    params: idParams,
    answers: { 204: z.null(), ...adminErrors },
  },
  'POST /api/admin/assessments/:id/questions': {
    audience: 'admin',
    tags: admin,
    summary: 'Add a question with its choices and right answer(s), at the end',
    params: idParams,
    body: questionInput,
    answers: one,
  },
  'PUT /api/admin/assessments/:id/question-order': {
    audience: 'admin',
    tags: admin,
    summary: 'Order the questions (every question once; 409 STALE_EDIT otherwise)',
    params: idParams,
    body: questionOrder,
    answers: one,
  },
  'PUT /api/admin/assessment-questions/:id': {
    audience: 'admin',
    tags: admin,
    summary: 'Replace a question and its choices (answered: only the wording; 409 QUESTION_ANSWERED)',
    params: idParams,
    body: questionInput,
    answers: one,
  },
  'DELETE /api/admin/assessment-questions/:id': {
    audience: 'admin',
    tags: admin,
    summary: 'Delete a question no learner has been shown (409 QUESTION_ANSWERED otherwise: retire it)',
    params: idParams,
    answers: one,
  },
  'PUT /api/admin/assessment-questions/:id/retired': {
    audience: 'admin',
    tags: admin,
    summary: 'Retire a question (left out of new attempts, kept in earlier results) or bring it back',
    params: idParams,
    body: questionRetire,
    answers: one,
  },
});
