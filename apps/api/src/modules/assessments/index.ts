// Assessments: quizzes, pre- and post-tests, attempts and grading, and whether a learner completed a course;
// the console's authoring of tests.
export { assessmentsAdminRoutes } from './assessments-admin.routes.js';
export { AssessmentsAdminService } from './assessments-admin.service.js';
export { questionsWithChoices } from './assessments.repo.js';
export { assessmentsRoutes } from './assessments.routes.js';
export { AssessmentsService } from './assessments.service.js';
export { courseCompletion } from './completion.repo.js';
export { gradeAttempt, gradesPass } from './grading.js';
export { drawSheet, promptKey } from './pool.js';
