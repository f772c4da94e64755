import { Type, type Static } from 'typebox';
import { dataOf } from '../../http/schemas';
import { AUTOMAIL_BODY_MAX, AUTOMAIL_SUBJECT_MAX, automailKinds } from '../../../shared/automail/kinds';
import { mailLocales } from '../../mail/templates';

export const Kind = Type.Enum(automailKinds);
export const Locale = Type.Enum(mailLocales);

export const KindRecord = Type.Object({
  kind: Kind,
  enabled: Type.Boolean(),
  /** The languages an admin reworded (the others use the default). */
  overridden: Type.Array(Locale),
});
export const KindList = dataOf(Type.Array(KindRecord));

export const TemplateQuery = Type.Object({ kind: Kind, locale: Locale });
export const TemplateText = Type.Object({ subject: Type.String(), body: Type.String() });
export const TemplateRecord = Type.Object({
  kind: Kind,
  locale: Locale,
  subject: Type.String(),
  body: Type.String(),
  /** True when the text above is an admin's, false when it is the default. */
  overridden: Type.Boolean(),
  default: TemplateText,
  placeholders: Type.Array(Type.String()),
});
export const TemplateReply = dataOf(TemplateRecord);

export const SaveTemplateBody = Type.Object(
  {
    kind: Kind,
    locale: Locale,
    subject: Type.String({ minLength: 1, maxLength: AUTOMAIL_SUBJECT_MAX }),
    body: Type.String({ minLength: 1, maxLength: AUTOMAIL_BODY_MAX }),
  },
  { additionalProperties: false },
);
export type SaveTemplateBody = Static<typeof SaveTemplateBody>;
export const KindLocaleBody = Type.Object({ kind: Kind, locale: Locale }, { additionalProperties: false });
export const SwitchBody = Type.Object({ kind: Kind, enabled: Type.Boolean() }, { additionalProperties: false });
export const SwitchReply = dataOf(Type.Object({ kind: Kind, enabled: Type.Boolean() }));

export const PreviewReply = dataOf(Type.Object({ subject: Type.String(), text: Type.String(), html: Type.String() }));

export const Preferences = Type.Object(
  { order_confirmation: Type.Boolean(), order_status: Type.Boolean(), renewal_reminders: Type.Boolean() },
  { additionalProperties: false },
);
export type Preferences = Static<typeof Preferences>;
export const PreferencesReply = dataOf(Preferences);
