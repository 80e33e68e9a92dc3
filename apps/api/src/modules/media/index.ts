// Media: video uploads (tus), transcoding to HLS, posters, playback and its signed tokens.
export { mediaRoutes } from './media.routes.js';
export { MediaService } from './media.service.js';
export { uploadsRoutes } from './uploads.routes.js';
export { UploadsService } from './uploads.service.js';
export { VideoService } from './videos.service.js';
