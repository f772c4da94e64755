import { BooleanInput, NumberInput, SelectInput, TextInput, maxLength, minValue, required, useCreate, useTranslate, useUpdate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { languageNames } from '../../../i18n/locales';
import { FormDialog } from '../shared/FormDialog';
import { questionKinds, translatedLocales, type Question } from './questions';

const kindChoices = questionKinds.map((id) => ({ id, name: `membership.questions.kinds.${id}` }));

/** Choices are edited one per line; the record keeps them as a list. */
const choicesToText = (choices: unknown) => (Array.isArray(choices) ? choices.join('\n') : '');
const textToChoices = (text: string) => (text ?? '').split('\n');

/** The choices as saved: trimmed, without blanks or repeats (a choice question needs two). */
const distinctChoices = (choices: string[] | undefined) => [...new Set((choices ?? []).map((choice) => choice.trim()).filter(Boolean))];

/** What crm/savequestion takes: blank translations left out, choices trimmed (only for a choice). */
export function questionFields(values: Record<string, unknown>): Omit<Question, 'id'> & { id?: number } {
  const text = (values.text ?? {}) as Record<string, string | undefined>;
  const kind = values.kind as Question['kind'];
  return {
    ...(typeof values.id === 'number' ? { id: values.id } : {}),
    text: Object.fromEntries(Object.entries(text).filter(([, value]) => value?.trim())) as Question['text'],
    kind,
    choices: kind === 'choice' ? distinctChoices(values.choices as string[] | undefined) : [],
    required: !!values.required,
    active: values.active !== false,
    position: Number(values.position ?? 0),
  };
}

function ChoicesInput() {
  const kind = useWatch({ name: 'kind' });
  if (kind !== 'choice') return null;
  return (
    <TextInput
      source="choices"
      format={choicesToText}
      parse={textToChoices}
      multiline
      minRows={3}
      helperText="membership.questions.choices_hint"
      validate={(value: string[] | undefined) => (distinctChoices(value).length >= 2 ? undefined : 'membership.questions.choices_required')}
    />
  );
}

/** Adds a membership question, or edits `question`: its text per language (English required). */
export function QuestionDialog({ question, nextPosition, onClose }: { question?: Question; nextPosition: number; onClose: () => void }) {
  const translate = useTranslate();
  const [create] = useCreate();
  const [update] = useUpdate();
  const submit = async (values: Record<string, unknown>) => {
    const data = questionFields(values);
    if (question) await update('membership-questions', { id: question.id, data, previousData: question }, { mutationMode: 'pessimistic', returnPromise: true });
    else await create('membership-questions', { data }, { returnPromise: true });
  };
  const record = question ?? { kind: 'text', choices: [], required: false, active: true, position: nextPosition, text: { en: '' } };
  return (
    <FormDialog
      open
      onClose={onClose}
      title={question ? 'membership.questions.edit' : 'membership.questions.add'}
      resource="membership-questions"
      record={record}
      onSubmit={submit}
      success="membership.questions.saved"
    >
      <TextInput source="text.en" label={translate('membership.questions.text_in', { language: languageNames.en })} validate={[required(), maxLength(500)]} autoFocus />
      {translatedLocales.map((locale) => (
        <TextInput key={locale} source={`text.${locale}`} label={translate('membership.questions.text_in', { language: languageNames[locale] })} validate={maxLength(500)} />
      ))}
      <SelectInput source="kind" choices={kindChoices} validate={required()} />
      <ChoicesInput />
      <BooleanInput source="required" />
      <BooleanInput source="active" />
      <NumberInput source="position" min={0} step={1} validate={minValue(0)} />
    </FormDialog>
  );
}
