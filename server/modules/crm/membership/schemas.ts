import { Type, type Static } from 'typebox';
import { leadClientTypes, questionKinds } from '../../../db/schema';
import { Email, Id, dataOf } from '../../../http/schemas';
import { listQuerySchema } from '../../../http/listQuery';
import { mailLocales } from './mailMessages';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const Locale = Type.Enum(mailLocales);

/** A question's text per language; English is required on save (the fallback). */
const QuestionText = Type.Object(
  Object.fromEntries(mailLocales.map((locale) => [locale, Type.Optional(Type.String({ maxLength: 1000 }))])) as Record<
    (typeof mailLocales)[number],
    ReturnType<typeof Type.Optional<ReturnType<typeof Type.String>>>
  >,
  { additionalProperties: false },
);

export const Question = Type.Object({
  id: Type.Integer(),
  text: Type.Record(Type.String(), Type.String()),
  kind: Type.Enum(questionKinds),
  choices: Type.Array(Type.String()),
  required: Type.Boolean(),
  position: Type.Integer(),
  active: Type.Boolean(),
});
export type QuestionRecord = Static<typeof Question>;

export const QuestionListQuery = listQuerySchema(['position', 'id', 'kind', 'required'] as const, { active: Type.Optional(Type.Boolean()) });
export type QuestionListParams = Static<typeof QuestionListQuery>;

export const QuestionInputBody = Type.Object(
  {
    id: Type.Optional(Id),
    text: QuestionText,
    kind: Type.Enum(questionKinds),
    choices: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 50 })),
    required: Type.Optional(Type.Boolean()),
    position: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type QuestionInput = Static<typeof QuestionInputBody>;

export const ClientIdReply = dataOf(Type.Object({ client_id: Type.Integer() }));
export const AuthMembershipBody = Type.Object({ lead_id: Id }, { additionalProperties: false });
export const ReminderBody = Type.Object({ client_id: Id }, { additionalProperties: false });

const Text = (maxLength: number) => Type.String({ maxLength });
export const AddMemberBody = Type.Object(
  {
    type: Type.Enum(leadClientTypes),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    contact_name: Type.Optional(Text(200)),
    email: Email,
    phone: Type.Optional(Text(50)),
    branch_id: Type.Optional(Nullable(Id)),
    locale: Type.Optional(Locale),
  },
  { additionalProperties: false },
);
export type AddMemberInput = Static<typeof AddMemberBody>;

export const TokenParams = Type.Object({ token: Type.String({ maxLength: 200 }) });

export const CompletionData = dataOf(
  Type.Object({
    client: Type.Object({ name: Type.String(), contact_name: Type.String(), email: Type.String(), type: Type.String() }),
    questions: Type.Array(Question),
    locale: Nullable(Locale),
  }),
);

export const FinaliseBody = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 200 }),
    password: Type.String({ maxLength: 1000 }),
    answers: Type.Optional(Type.Record(Type.String({ maxLength: 20 }), Type.String({ maxLength: 5000 }), { maxProperties: 100 })),
  },
  { additionalProperties: false },
);
export const FinaliseReply = dataOf(Type.Object({ email: Type.String() }));

export const RegistrationOptions = dataOf(
  Type.Object({ branches: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), default_branch: Type.Boolean() })) }),
);

/** The CSV arrives as text in JSON; the route's body limit leaves room for the 1 MB the import takes. */
export const ImportBody = Type.Object({ csv: Type.String(), commit: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
export const ImportRow = Type.Object({
  line: Type.Integer(),
  type: Type.String(),
  name: Type.String(),
  contact_name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  branch: Type.String(),
  errors: Type.Record(Type.String(), Type.String()),
});
export type ImportRowRecord = Static<typeof ImportRow>;
export const ImportReply = dataOf(Type.Object({ rows: Type.Array(ImportRow), valid: Type.Boolean(), created: Type.Integer() }));
