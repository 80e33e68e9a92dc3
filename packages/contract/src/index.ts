export * from './errors.js';
export * from './common.js';
export * from './users.js';
export * from './auth.js';
export * from './system.js';
export * from './courses.js';
export * from './media.js';
export * from './documents.js';
