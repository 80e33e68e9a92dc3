// Contact: a learner's contact details (the contact guard) and "teach with us" applications, with their console.
export { applicationsRoutes } from './applications.routes.js';
export { ApplicationsService } from './applications.service.js';
export { contactRoutes } from './contact.routes.js';
export { ContactService } from './contact.service.js';
