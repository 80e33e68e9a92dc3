import {
  addMemberBody,
  adminMemberPage,
  adminMemberQuery,
  adminOrganizationDetail,
  adminOrganizationPage,
  adminOrganizationQuery,
  courseOptions,
  idParams,
  organizationBody,
  organizationCoursesBody,
  organizationMemberParams,
  organizationUpdateBody,
} from '@rianroo/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OrgsService } from './orgs.service.js';

const admin = { tags: ['admin'], security: [{ bearerAuth: [] }] };

export const orgsRoutes: FastifyPluginAsyncZod<{ service: OrgsService }> = async (app, { service }) => {
  app.get(
    '/organizations',
    {
      schema: {
        ...admin,
        summary: 'Organisations, one page',
        querystring: adminOrganizationQuery,
        response: { 200: adminOrganizationPage },
      },
    },
    (request) => service.list(request.query),
  );
  app.get(
    '/organizations/course-options',
    { schema: { ...admin, summary: 'Every course, to grant or pick', response: { 200: courseOptions } } },
    () => service.courseOptions(),
  );
  app.post(
    '/organizations',
    {
      schema: {
        ...admin,
        summary: 'Create an organisation',
        body: organizationBody,
        response: { 201: adminOrganizationDetail },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.auth.userId, request.body)),
  );
  app.get(
    '/organizations/:id',
    {
      schema: {
        ...admin,
        summary: 'One organisation with its granted and picked courses',
        params: idParams,
        response: { 200: adminOrganizationDetail },
      },
    },
    (request) => service.detail(request.params.id),
  );
  app.put(
    '/organizations/:id',
    {
      schema: {
        ...admin,
        summary: 'Edit an organisation (409 EDIT_CONFLICT when another edit came first)',
        params: idParams,
        body: organizationUpdateBody,
        response: { 200: adminOrganizationDetail },
      },
    },
    (request) => service.update(request.auth.userId, request.params.id, request.body),
  );
  app.put(
    '/organizations/:id/courses',
    {
      schema: {
        ...admin,
        summary: "Set an organisation's granted and picked courses",
        params: idParams,
        body: organizationCoursesBody,
        response: { 200: adminOrganizationDetail },
      },
    },
    (request) => service.setCourses(request.auth.userId, request.params.id, request.body),
  );
  app.get(
    '/organizations/:id/members',
    {
      schema: {
        ...admin,
        summary: "An organisation's members, one page",
        params: idParams,
        querystring: adminMemberQuery,
        response: { 200: adminMemberPage },
      },
    },
    (request) => service.members(request.params.id, request.query),
  );
  app.post(
    '/organizations/:id/members',
    {
      schema: { ...admin, summary: 'Add a member by e-mail address', params: idParams, body: addMemberBody },
    },
    async (request, reply) => {
      await service.addMember(request.auth.userId, request.params.id, request.body.email);
      return reply.code(204).send();
    },
  );
  app.delete(
    '/organizations/:id/members/:userId',
    { schema: { ...admin, summary: 'Take a member out', params: organizationMemberParams } },
    async (request, reply) => {
      await service.removeMember(request.auth.userId, request.params.id, request.params.userId);
      return reply.code(204).send();
    },
  );
};
