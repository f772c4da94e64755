import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { RoleName } from '../../../auth/roles';
import { IdBody, IdReply, errorReplies } from '../../../http/schemas';
import type { ModuleDeps } from '../../deps';
import { bannerFormLimits, readBannerForm } from './form';
import { BANNER_IMAGES_PATH, BannerImageStore } from './images';
import { BannerForm, BannerList, BannerListQuery, BannerReply } from './schemas';
import * as service from './service';

const ADMIN: RoleName[] = ['admin'];
const tags = ['crm'];

/**
 * Marketing banners (`crm/banners`, `crm/deletebanner`, the addition
 * `crm/savebanner`). Any signed-in user reads them: the admin all of them, everyone else (members
 * first of all; reps and production see the same marketing) only those shown right now. Writes
 * are the admin's. Multipart parsing is registered here only, so no other route accepts uploads.
 */
export const bannerRoutes: FastifyPluginAsyncTypebox<{ deps: ModuleDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const images = new BannerImageStore(deps.uploadsDir);
  await app.register(multipart, { limits: bannerFormLimits });

  // The files under random names; a missing one reaches the not-found handler (a 404, never the SPA).
  await app.register(fastifyStatic, {
    root: images.dir,
    prefix: BANNER_IMAGES_PATH,
    decorateReply: false,
    index: false,
    list: false,
    setHeaders(res) {
      res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });

  app.get(
    '/api/crm/banners',
    { config: { access: 'signed-in' }, schema: { tags, querystring: BannerListQuery, response: { 200: BannerList, ...errorReplies(400, 401) } } },
    (request) => service.listBanners(deps.reads(request), request.user!, request.query, deps.now()),
  );

  app.post(
    '/api/crm/savebanner',
    {
      config: { access: ADMIN, documentedBody: BannerForm },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description:
          'multipart/form-data: id? (update), title, link_url?, active_from?, active_to? (ISO 8601), position?, active?, and an `image` file (PNG, JPEG, WebP or GIF, at most 2 MB; required on create).',
        response: { 200: BannerReply, 201: BannerReply, ...errorReplies(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const { input, image } = await readBannerForm(request);
      const { banner, created } = await service.saveBanner(db, images, request.user!, input, image);
      return reply.status(created ? 201 : 200).send({ data: banner });
    },
  );

  app.post(
    '/api/crm/deletebanner',
    { config: { access: ADMIN }, schema: { tags, body: IdBody, response: { 200: IdReply, ...errorReplies(400, 401, 403, 404) } } },
    async (request) => {
      await service.deleteBanner(db, images, request.user!, request.body.id);
      return { data: { id: request.body.id } };
    },
  );
};
