import { Type, type Static } from 'typebox';
import { dataOf, listOf } from '../../../http/schemas';
import { listQuerySchema } from '../../../http/listQuery';

/** The wire shape of a banner (DESIGN §4 wire names). Dates are ISO 8601 or null (an open bound). */
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
