import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { membershipQuestions } from '../../../db/schema';
import type { CurrentUser } from '../../../auth/roles';
import { recordAudit } from '../../../audit/record';
import { pagedList } from '../../../db/queryParts';
import { badRequest, notFound } from '../../../http/errors';
import { idsCondition, orderByOf } from '../../../http/listQuery';
import type { QuestionInput, QuestionListParams, QuestionRecord } from './schemas';

const columns = {
  id: membershipQuestions.id,
  text: membershipQuestions.text,
  kind: membershipQuestions.kind,
  choices: membershipQuestions.choices,
  required: membershipQuestions.required,
  position: membershipQuestions.position,
  active: membershipQuestions.active,
};

/** `crm/questions` (admin): every question, in display order unless sorted otherwise. */
export function listQuestions(db: Db, query: QuestionListParams) {
  const conditions: (SQL | undefined)[] = [idsCondition(membershipQuestions.id, query.ids)];
  if (query.active !== undefined) conditions.push(eq(membershipQuestions.active, query.active));
  const sortColumns = { position: membershipQuestions.position, id: membershipQuestions.id, kind: membershipQuestions.kind, required: membershipQuestions.required };
  return pagedList<QuestionRecord>(db, { from: membershipQuestions, columns, where: and(...conditions), orderBy: orderByOf(sortColumns, query, membershipQuestions.id), query });
}

/** The questions a new member answers, in display order. */
export function activeQuestions(db: Db | Tx): Promise<QuestionRecord[]> {
  return db.select(columns).from(membershipQuestions).where(eq(membershipQuestions.active, true)).orderBy(asc(membershipQuestions.position), asc(membershipQuestions.id));
}

async function questionRow(db: Db | Tx, id: number): Promise<QuestionRecord> {
  const [row] = await db.select(columns).from(membershipQuestions).where(eq(membershipQuestions.id, id));
  if (!row) throw notFound('Question');
  return row;
}

/** A choice question offers at least two distinct choices; other kinds keep none. */
function choicesOf(input: QuestionInput): string[] {
  if (input.kind !== 'choice') return [];
  const choices = [...new Set((input.choices ?? []).map((c) => c.trim()).filter(Boolean))];
  if (choices.length < 2) throw badRequest('choices', 'a choice question needs at least two different choices');
  return choices;
}

/** `crm/savequestion`: creates without `id`, updates with one. The English text is required (the fallback). */
export async function saveQuestion(db: Db, user: CurrentUser, input: QuestionInput, now: Date): Promise<{ question: QuestionRecord; created: boolean }> {
  const text = Object.fromEntries(Object.entries(input.text).map(([k, v]) => [k, (v ?? '').trim()]).filter(([, v]) => v !== ''));
  if (!text.en) throw badRequest('text.en', 'text.en is required (the English text is shown when a language has none)');
  const fields = { text, kind: input.kind, choices: choicesOf(input), required: input.required ?? false, position: input.position ?? 0, active: input.active ?? true };
  const id = await db.transaction(async (tx) => {
    if (input.id) {
      const before = await questionRow(tx, input.id);
      await tx.update(membershipQuestions).set({ ...fields, updatedAt: now }).where(eq(membershipQuestions.id, input.id));
      await recordAudit(tx, { userId: user.id, action: 'update_question', entity: 'membership_question', entityId: input.id, before, after: await questionRow(tx, input.id) });
      return input.id;
    }
    const [row] = await tx.insert(membershipQuestions).values(fields).returning({ id: membershipQuestions.id });
    await recordAudit(tx, { userId: user.id, action: 'create_question', entity: 'membership_question', entityId: row.id, after: await questionRow(tx, row.id) });
    return row.id;
  });
  return { question: await questionRow(db, id), created: !input.id };
}

/** `crm/deletequestion`. Answers already given stay in the clients' question_answers. */
export async function deleteQuestion(db: Db, user: CurrentUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await questionRow(tx, id);
    await tx.delete(membershipQuestions).where(eq(membershipQuestions.id, id));
    await recordAudit(tx, { userId: user.id, action: 'delete_question', entity: 'membership_question', entityId: id, before: row });
  });
}

/**
 * The answers of a completion, checked against the active questions: a required one answered, a
 * yes/no one 'yes' or 'no', a choice one of its choices, no unknown question. 400 naming `answers.<id>`.
 */
export function checkAnswers(questions: QuestionRecord[], answers: Record<string, string>): Record<string, string> {
  const byId = new Map(questions.map((q) => [String(q.id), q]));
  for (const key of Object.keys(answers)) {
    if (!byId.has(key)) throw badRequest(`answers.${key}`, `answers.${key} is not a question of the membership`);
  }
  const kept: Record<string, string> = {};
  for (const question of questions) {
    const field = `answers.${question.id}`;
    const answer = (answers[String(question.id)] ?? '').trim();
    if (!answer) {
      if (question.required) throw badRequest(field, `${field} is required`);
      continue;
    }
    if (question.kind === 'yes_no' && answer !== 'yes' && answer !== 'no') throw badRequest(field, `${field} must be yes or no`);
    if (question.kind === 'choice' && !question.choices.includes(answer)) throw badRequest(field, `${field} must be one of: ${question.choices.join(', ')}`);
    kept[String(question.id)] = answer;
  }
  return kept;
}
