import { Type, type Static } from 'typebox';
import { dataOf, listOf } from '../../../http/schemas';
import { listQuerySchema } from '../../../http/listQuery';

/** The wire shape of a banner (snake_case wire names). Dates are ISO 8601 or null (an open bound). */
export const Banner = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  image_url: Type.String(),
  link_url: Type.Union([Type.String(), Type.Null()]),
  active_from: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  active_to: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  position: Type.Integer(),
  active: Type.Boolean(),
});
export type BannerRecord = Static<typeof Banner>;

export const BannerList = listOf(Banner);
export const BannerReply = dataOf(Banner);

export const bannerSortFields = ['position', 'title', 'active_from', 'active_to', 'active', 'id'] as const;
export const BannerListQuery = listQuerySchema(bannerSortFields, {
  q: Type.Optional(Type.String({ maxLength: 200 })),
  /** Only the banners members see right now (active, inside their window). */
  active_now: Type.Optional(Type.Boolean()),
});
export type BannerListParams = Static<typeof BannerListQuery>;

/**
 * savebanner's multipart form as the OpenAPI document shows it (form.ts reads and checks it; the
 * JSON validator never sees a multipart body).
 */
export const BannerForm = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1, description: 'present to update' })),
  title: Type.String({ minLength: 1 }),
  link_url: Type.Optional(Type.String({ description: 'an http(s) address or a path on the portal (/…)' })),
  active_from: Type.Optional(Type.String({ description: 'ISO 8601 date or date-time; empty for no bound' })),
  active_to: Type.Optional(Type.String({ description: 'ISO 8601 date or date-time; empty for no bound' })),
  position: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  active: Type.Optional(Type.Boolean()),
  image: Type.Optional(
    Type.String({ contentMediaType: 'application/octet-stream', description: 'PNG, JPEG, WebP or GIF, at most 2 MB; required on create' }),
  ),
});

/** savebanner's fields once read from the multipart form (form.ts) and checked. */
export interface BannerInput {
  id?: number;
  title: string;
  link_url: string | null;
  active_from: Date | null;
  active_to: Date | null;
  position: number;
  active: boolean;
}
