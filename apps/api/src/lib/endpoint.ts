import { endpoints, type Endpoint, type Endpoints } from '@rianroo/contract';
import type { FastifyInstance, HTTPMethods } from 'fastify';

type Key = keyof Endpoints;
type Row<K extends Key> = Endpoints[K];
type Part<E, P extends string> = E extends Record<P, infer S> ? S : undefined;

/** A route's schema as Fastify and the zod type provider read it, from the row's own types. */
type SchemaOf<K extends Key> = {
  tags: string[];
  summary: string;
  description?: string;
  security?: { bearerAuth: never[] }[];
  params: Part<Row<K>, 'params'>;
  querystring: Part<Row<K>, 'query'>;
  body: Part<Row<K>, 'body'>;
  response: Part<Row<K>, 'answers'>;
};

const SECURED = [{ bearerAuth: [] as never[] }];

/**
 * A route's method, address and schemas from its row of the endpoint table (`@rianroo/contract`'s
 * `endpoints`), for `app.route({ ...endpoint(app, 'GET /api/x/:id'), handler })`. The address is the row's
 * path less the plugin's prefix; a row for signed-in users brings the `authenticate` gate (the console's rows
 * are gated by the /api/admin scope, the manager's by /api/org/:orgId); every audience but `public` is documented
 * as needing the bearer token.
 */
export function endpoint<K extends Key>(app: FastifyInstance, key: K) {
  // Read as any row: the rules below hold for every audience (the row's own types go to SchemaOf).
  const row: Endpoint = endpoints[key];
  const space = key.indexOf(' ');
  const path = key.slice(space + 1);
  if (!path.startsWith(app.prefix)) throw new Error(`${key} is registered under ${app.prefix || '/'}`);
  const schema: Record<string, unknown> = { tags: [...row.tags], summary: row.summary };
  if (row.description) schema.description = row.description;
  if (row.audience !== 'public') schema.security = SECURED;
  if (row.params) schema.params = row.params;
  if (row.query) schema.querystring = row.query;
  if (row.body) schema.body = row.body;
  if (row.answers) schema.response = row.answers;
  return {
    method: key.slice(0, space) as HTTPMethods,
    url: path.slice(app.prefix.length),
    ...(row.audience === 'user' ? { onRequest: app.authenticate } : {}),
    schema: schema as SchemaOf<K>,
  };
}
