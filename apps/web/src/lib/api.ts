import { addressOf, type AnswerOf, type CallInput, type EndpointKey } from '@rianroo/contract/client';
import { API_BASE, call, type CallOptions } from './session';

/**
 * What a call may add that the endpoint table does not decide: letting the request outlive the page, or a file
 * sent as the raw body (an upload, whose row has no JSON body).
 */
type Extra = Pick<CallOptions, 'keepalive' | 'raw'>;
type Sent = {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  auth?: boolean;
};
type Args<K extends EndpointKey> =
  object extends CallInput<K> ? [input?: CallInput<K>, extra?: Extra] : [input: CallInput<K>, extra?: Extra];

/**
 * One typed call of the API, named by its row of the contract's endpoint table (`'GET /api/course/:id'`): the
 * parameters, query and body it takes and the answer it gives are the row's, and `auth: true` is required
 * exactly where the row is not public. Errors, the session's refresh and its end are `call`'s.
 */
export function api<K extends EndpointKey>(key: K, ...args: Args<K>): Promise<AnswerOf<K>> {
  // Checked by the signature; read here as any call's parts.
  const [input = {}, extra] = args as unknown as [Sent?, Extra?];
  const { method, path } = addressOf(key, input);
  return call<AnswerOf<K>>(path.slice(API_BASE.length), {
    method,
    body: input.body,
    auth: input.auth,
    ...extra,
  });
}

/**
 * A binary answer of the endpoint table (a PDF, a PNG: rows whose answer is a file, not JSON), as a Blob. The
 * parameters, query and `auth` are the row's, as for `api`.
 */
export function apiBlob<K extends EndpointKey>(key: K, ...args: Args<K>): Promise<Blob> {
  const [input = {}] = args as unknown as [Sent?];
  const { method, path } = addressOf(key, input);
  return call<Blob>(path.slice(API_BASE.length), { method, auth: input.auth, as: 'blob' });
}
