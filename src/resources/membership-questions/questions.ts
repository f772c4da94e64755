import { defaultLocale, locales, type Locale } from '../../../i18n/locales';

/**
 * A membership question (crm/questions, crm/completion_data). Pure data: the public
 * completion page imports it, so nothing here may pull in react-admin.
 */
export const questionKinds = ['text', 'yes_no', 'choice'] as const;
export type QuestionKind = (typeof questionKinds)[number];

export interface Question {
  id: number;
  /** The question per language; English is always there. */
  text: Partial<Record<Locale, string>> & { en: string };
  kind: QuestionKind;
  choices: string[];
  required: boolean;
  position: number;
  active: boolean;
}

/** The question in the reader's language, else in English (the portal's fallback). */
export const questionText = (question: Pick<Question, 'text'>, locale: Locale): string =>
  question.text[locale]?.trim() || question.text.en;

/** The languages a question is written in besides English, in the portal's order. */
export const translatedLocales = locales.filter((locale) => locale !== defaultLocale);

/** How a yes/no answer is stored among the answers (answers are text, clients.question_answers). */
export const yesNoAnswers = ['yes', 'no'] as const;

/** The ids of the required questions left unanswered. */
export const unanswered = (questions: Question[], answers: Record<string, string>): number[] =>
  questions.filter((question) => question.required && !answers[question.id]?.trim()).map((question) => question.id);
