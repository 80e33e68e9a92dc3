import { unsubscribeAnswer, unsubscribeQuery } from '../contact.js';
import { endpointTable } from '../endpoint.js';
import { apiError } from '../errors.js';

const tags = ['communication'];

export const communicationEndpoints = endpointTable({
  'GET /api/unsubscribe': {
    audience: 'public',
    tags,
    summary: 'What an unsubscribe link turns off (nothing is changed)',
    query: unsubscribeQuery,
    answers: { 200: unsubscribeAnswer, 400: apiError },
  },
  'POST /api/unsubscribe': {
    audience: 'public',
    tags,
    summary: 'One-click unsubscribe (RFC 8058): no login; the link works once',
    query: unsubscribeQuery,
    answers: { 200: unsubscribeAnswer, 400: apiError },
  },
});
