import { endpointTable } from '../endpoint.js';
import { apiError } from '../errors.js';
import { devMailList, healthAnswer, publicConfig, readyAnswer } from '../system.js';

const tags = ['system'];

export const systemEndpoints = endpointTable({
  'GET /api/health': { audience: 'public', tags, summary: 'Alive', answers: { 200: healthAnswer } },
  'GET /api/ready': {
    audience: 'public',
    tags,
    summary: 'Ready: the database answers',
    answers: { 200: readyAnswer, 503: apiError },
  },
  'GET /api/public-config': {
    audience: 'public',
    tags,
    summary: 'Settings the web app needs at run time',
    answers: { 200: publicConfig },
  },
  'GET /api/dev/mail': {
    audience: 'public',
    tags,
    summary: 'Development only: every e-mail the platform sent, newest first',
    answers: { 200: devMailList },
  },
});
