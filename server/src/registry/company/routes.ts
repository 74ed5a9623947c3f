import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyLogoSchema, companySchema, companyViewSchema } from '@wms/shared-api';
import { describeChanges } from '../../activity/changes';
import { logActivity } from '../../activity/log';
import { AppError } from '../../http/errors';
import { companyMessages as msg } from './messages';
import * as sql from './sql';

/**
 * The company's own data (issue 26): GET / PUT /company, and its logo (PUT / GET / DELETE /company/logo).
 * Every signed-in user reads the company (every print's header); the registry permission writes it. The logo is checked
 * by its schema (shared-api companyLogoSchema: PNG or SVG, at most 256 KB, a PNG signature, an SVG without script,
 * event handlers, external references or embedded documents) and served back with its own type, `nosniff` and a
 * sandboxing Content-Security-Policy, so even opened on its own an SVG runs nothing.
 */
export const LOGO_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox; frame-ancestors 'none'";

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['registry'];
  const write = { config: { permission: 'registry' } } as const;

  app.get(
    '/company',
    {
      schema: { tags, summary: "The company's own data (every print's header); any signed-in user", response: { 200: companyViewSchema } },
    },
    async () => sql.getCompany(db),
  );

  app.put(
    '/company',
    {
      ...write,
      schema: {
        tags,
        summary: "Update the company's data (VAT number validated as a supplier's; DDT prefix); the logo apart",
        body: companySchema,
        response: { 200: companyViewSchema },
      },
    },
    async (request) => {
      const c = request.body;
      return db.tx(async (q) => {
        const before = await sql.lockCompany(q);
        await sql.updateCompany(q, c, request.user.id);
        const changed = describeChanges(before, c, Object.keys(companySchema.shape));
        await logActivity(q, {
          userId: request.user.id,
          action: 'update',
          entityType: 'company',
          entityId: 1, // the one company row (migration 018: CHECK (id = 1))
          details: { name: c.business_name, ...changed },
        });
        return sql.getCompany(q);
      });
    },
  );

  app.put(
    '/company/logo',
    {
      ...write,
      schema: {
        tags,
        summary:
          'Replace the logo: PNG or SVG in base64, at most 256 KB; an SVG with script, event handlers or external references is refused',
        body: companyLogoSchema,
        response: { 200: companyViewSchema },
      },
    },
    async (request) => {
      const logo = request.body;
      return db.tx(async (q) => {
        await sql.lockCompany(q);
        await sql.setLogo(q, logo, request.user.id);
        await logActivity(q, {
          userId: request.user.id,
          action: 'update',
          entityType: 'company',
          entityId: 1,
          details: { logo: logo.mime_type },
        });
        return sql.getCompany(q);
      });
    },
  );

  app.delete(
    '/company/logo',
    { ...write, schema: { tags, summary: 'Remove the logo (prints then show the name alone)', response: { 200: companyViewSchema } } },
    async (request) => {
      return db.tx(async (q) => {
        await sql.lockCompany(q);
        await sql.setLogo(q, null, request.user.id);
        await logActivity(q, { userId: request.user.id, action: 'update', entityType: 'company', entityId: 1, details: { logo: '—' } });
        return sql.getCompany(q);
      });
    },
  );

  app.get(
    '/company/logo',
    {
      schema: {
        tags,
        summary: 'The logo as image/png or image/svg+xml (sandboxed); 404 COMPANY_LOGO_NOT_FOUND when there is none',
      },
    },
    async (_request, reply) => {
      const logo = await sql.getLogo(db);
      if (!logo) throw new AppError(404, 'COMPANY_LOGO_NOT_FOUND', msg.companyLogoNotFound);
      return reply
        .header('content-type', logo.mime_type)
        .header('content-security-policy', LOGO_CSP)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="logo.${logo.mime_type === 'image/png' ? 'png' : 'svg'}"`)
        .header('cache-control', 'private, no-cache')
        .send(logo.bytes);
    },
  );
};
