import { Type, type Static } from 'typebox';
import { consentMethods } from '../../../shared/privacy/consent';
import { Id, dataOf } from '../../http/schemas';
import { mailLocales } from '../../mail/templates';

const MailLocaleSchema = Type.Enum(mailLocales);

export const ConsentRecord = Type.Object({
  id: Type.Integer(),
  given: Type.Boolean(),
  method: Type.Enum(consentMethods),
  wording: Type.String(),
  locale: Type.String(),
  ip: Type.Union([Type.String(), Type.Null()]),
  note: Type.String(),
  recorded_by: Type.Union([Type.String(), Type.Null()]),
  /** Set when the consent was given as a lead (before the lead became this member). */
  lead_id: Type.Union([Type.Integer(), Type.Null()]),
  at: Type.String({ format: 'date-time' }),
});
export type ConsentRecord = Static<typeof ConsentRecord>;
export const ConsentHistoryReply = dataOf(Type.Array(ConsentRecord));

export const ConsentSubjectQuery = Type.Object({ client_id: Type.Optional(Id), lead_id: Type.Optional(Id) }, { additionalProperties: false });

export const OwnConsentBody = Type.Object({ given: Type.Boolean(), locale: MailLocaleSchema }, { additionalProperties: false });

export const AdminConsentBody = Type.Object(
  {
    client_id: Type.Optional(Id),
    lead_id: Type.Optional(Id),
    given: Type.Boolean(),
    locale: MailLocaleSchema,
    note: Type.String({ maxLength: 2000 }),
  },
  { additionalProperties: false },
);

export const Officer = Type.Object({
  name: Type.String({ maxLength: 200 }),
  email: Type.Union([Type.Literal(''), Type.String({ maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' })]),
  phone: Type.String({ maxLength: 50 }),
});
export type Officer = Static<typeof Officer>;
export const OfficerBody = Type.Object({ name: Officer.properties.name, email: Officer.properties.email, phone: Officer.properties.phone }, { additionalProperties: false });
export const OfficerReply = dataOf(Officer);
