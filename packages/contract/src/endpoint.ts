// What an endpoint of the API is, as the endpoint table (endpoints/) names it: the API registers each route's
// schemas from its row, and the web's typed client (`@rianroo/contract/client`) derives its calls' types from
// it. This file and the client import zod's types only.
import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: anyone; a signed-in user with a live session (any role); an administrator (everything under
 * /api/admin, behind the console's gate); a manager of the organisation in the path (everything under
 * /api/org/:orgId, behind the organisation console's gate).
 */
export type Audience = 'public' | 'user' | 'admin' | 'manager';

/** `METHOD /api/path`, the path in Fastify's form (`:id` for a parameter). */
export type EndpointKey = `${Method} /${string}`;

export interface Endpoint {
  audience: Audience;
  tags: readonly string[];
  summary: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * The answers by status code; the lowest 2xx is the one the typed client returns. Absent only where the
   * route documents none (an answer without a body).
   */
  answers?: Readonly<Record<number, z.ZodType>>;
}

/** A table of endpoints, checked against the shape above while keeping each row's own types. */
export const endpointTable = <const T extends Record<EndpointKey, Endpoint>>(table: T): T => table;
