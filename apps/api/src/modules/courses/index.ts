// Courses: the catalogue, access to a course, episodes, progress and the learner's library; the public
// catalogue and course pages; the console's courses, categories, tags and instructors.
export { catalogPage } from './catalog-page.js';
export { coursePage } from './course-page.js';
export { coursesAdminRoutes } from './courses-admin.routes.js';
export { CoursesAdminService } from './courses-admin.service.js';
export { coursesRoutes } from './courses.routes.js';
export { CoursesService } from './courses.service.js';
export { discoveryRoutes } from './discovery.routes.js';
export { homePage } from './home-page.js';
export { LookupsService } from './lookups.service.js';
export { SITE_NAME } from './page-words.js';
export { PROGRESS_UPSERT, PROGRESS_UPSERT_MANY } from './progress.repo.js';
