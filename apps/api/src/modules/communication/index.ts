// Communication: which optional mail a learner gets, and the one-click unsubscribe.
export { communicationRoutes } from './communication.routes.js';
export { CommunicationService } from './communication.service.js';
