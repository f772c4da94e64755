import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { isLocale, type Locale } from '../../../i18n/locales';
import { usePublicI18n } from '../../i18n/PublicI18n';
import { ApiError, apiGet, apiPost } from '../../providers/http';
import { LOCALE_KEY } from '../../providers/storage';
import { questionText, unanswered, yesNoAnswers, type Question } from '../../resources/membership-questions/questions';
import { FormAlert, FormField, NewPasswordFields, SelectField, SubmitButton, newPasswordProblems } from './formParts';
import { PublicShell } from './PublicShell';

/** What crm/completion_data/{token} answers. */
interface CompletionData {
  client: { name: string; contact_name: string; email: string; type: string };
  questions: Question[];
  locale: string;
}

/** Why a link does not work, as the server says in `errors.token`. */
type TokenProblem = 'expired' | 'used' | 'invalid';

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; data: CompletionData }
  | { kind: 'bad_token'; problem: TokenProblem }
  | { kind: 'failed' }
  | { kind: 'done'; email: string };

/** A refused token (400/404 with errors.token), or nothing when the failure is something else. */
function tokenProblemOf(failure: unknown): TokenProblem | null {
  if (!(failure instanceof ApiError) || (failure.status !== 400 && failure.status !== 404)) return null;
  const reason = failure.errors.token;
  if (reason === 'expired' || reason === 'used') return reason;
  return reason || failure.status === 404 ? 'invalid' : null;
}

/**
 * The member's own language: a visitor who has not picked one yet sees the page in the language
 * chosen when registering (kept on the client), not in the browser's default.
 */
function useMembersLocale(locale: string | undefined, setLocale: (locale: Locale) => void, current: Locale) {
  useEffect(() => {
    if (isLocale(locale) && locale !== current && localStorage.getItem(LOCALE_KEY) === null) setLocale(locale);
  }, [locale, current, setLocale]);
}

/**
 * /complete/membership/{token}: the emailed link of an approved request. The member answers the
 * membership questions and chooses a password; crm/finalise_membership creates the user and the
 * membership order, so the membership then awaits payment.
 */
export default function CompleteMembership() {
  const { token = '' } = useParams();
  const { translate, locale, setLocale } = usePublicI18n();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    apiGet<{ data: CompletionData }>(`api/crm/completion_data/${encodeURIComponent(token)}`, undefined, controller.signal).then(
      (answer) => setState({ kind: 'ready', data: answer.data }),
      (failure) => {
        if (controller.signal.aborted) return;
        const problem = tokenProblemOf(failure);
        setState(problem ? { kind: 'bad_token', problem } : { kind: 'failed' });
      },
    );
    return () => controller.abort();
  }, [token]);
  useMembersLocale(state.kind === 'ready' ? state.data.locale : undefined, setLocale, locale);

  if (state.kind === 'ready') {
    return (
      <CompletionForm
        token={token}
        data={state.data}
        onDone={(email) => setState({ kind: 'done', email })}
        onBadToken={(problem) => setState({ kind: 'bad_token', problem })}
      />
    );
  }
  if (state.kind === 'done') {
    return (
      <PublicShell page="complete_membership" heading={translate('membership.complete.done_title')} width="sm">
        <FormAlert severity="success" message={translate('membership.complete.done_body', { email: state.email })} />
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('membership.complete.done_next')}
        </Typography>
        <Button component={RouterLink} to="/login" variant="contained" fullWidth size="large">
          {translate('app.auth.sign_in')}
        </Button>
      </PublicShell>
    );
  }
  return (
    <PublicShell
      page="complete_membership"
      heading={state.kind === 'bad_token' ? translate(`membership.complete.token_${state.problem}_title`) : undefined}
      width="sm"
    >
      {state.kind === 'loading' && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={translate('app.loading')} />
        </Box>
      )}
      {state.kind === 'bad_token' && (
        <Alert severity="warning" data-testid="token-problem">
          {translate(`membership.complete.token_${state.problem}`)}
        </Alert>
      )}
      {state.kind === 'failed' && <Alert severity="error">{translate('app.auth.network_error')}</Alert>}
      {state.kind === 'bad_token' && (
        <Box sx={{ mt: 2, display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Button component={RouterLink} to="/login" variant="outlined">
            {translate('app.auth.back_to_sign_in')}
          </Button>
          <Button component={RouterLink} to="/register">
            {translate('membership.register.link')}
          </Button>
        </Box>
      )}
    </PublicShell>
  );
}

interface FormProps {
  token: string;
  data: CompletionData;
  onDone: (email: string) => void;
  onBadToken: (problem: TokenProblem) => void;
}

function CompletionForm({ token, data, onDone, onBadToken }: FormProps) {
  const { translate, locale } = usePublicI18n();
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { client, questions } = data;

  const answer = (id: number) => (value: string) => setAnswers((current) => ({ ...current, [id]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems: Record<string, string> = {};
    for (const id of unanswered(questions, answers)) problems[`answers.${id}`] = translate('app.auth.required');
    Object.assign(problems, newPasswordProblems(password, confirmation, translate));
    setFieldErrors(problems);
    setError(Object.keys(problems).length ? translate('membership.register.check_fields') : null);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      const sent = Object.fromEntries(Object.entries(answers).filter(([, value]) => value.trim() !== ''));
      const answer = await apiPost<{ data: { email: string } }>('api/crm/finalise_membership', { token, password, answers: sent });
      onDone(answer.data.email);
    } catch (failure) {
      setBusy(false);
      const problem = failure instanceof ApiError && failure.errors.token ? tokenProblemOf(failure) : null;
      if (problem) return onBadToken(problem);
      // 400: answers or password refused, by field; 409: the email has an account already.
      if (failure instanceof ApiError && (failure.status === 400 || failure.status === 409)) {
        setFieldErrors(failure.errors);
        setError(failure.message || translate('membership.register.check_fields'));
      } else setError(translate('app.auth.network_error'));
    }
  }

  return (
    <PublicShell page="complete_membership" width="sm">
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate('membership.complete.intro')}
      </Typography>
      <Box sx={{ p: 2, mb: 1, borderRadius: 1, bgcolor: 'action.hover' }} data-testid="completion-for">
        <Typography sx={{ fontWeight: 700 }}>{client.name}</Typography>
        <Typography variant="body2">
          {translate(`members.types.${client.type}`)} · {client.contact_name}
        </Typography>
        <Typography variant="body2" dir="ltr" sx={{ textAlign: 'start' }}>
          {client.email}
        </Typography>
      </Box>
      <Box component="form" onSubmit={submit} noValidate>
        <FormAlert message={error} />
        {questions.length > 0 && (
          <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
            {translate('membership.complete.questions')}
          </Typography>
        )}
        {questions.map((question) => (
          <QuestionField
            key={question.id}
            question={question}
            label={questionText(question, locale)}
            value={answers[question.id] ?? ''}
            onValue={answer(question.id)}
            error={fieldErrors[`answers.${question.id}`] ?? fieldErrors[String(question.id)]}
          />
        ))}
        <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
          {translate('membership.complete.password_title')}
        </Typography>
        <NewPasswordFields
          password={password}
          confirmation={confirmation}
          onPassword={setPassword}
          onConfirmation={setConfirmation}
          errors={fieldErrors}
          labels={{ password: translate('app.auth.password'), confirmation: translate('membership.complete.confirm_password') }}
          translate={translate}
        />
        <SubmitButton busy={busy}>{busy ? translate('membership.register.sending') : translate('membership.complete.submit')}</SubmitButton>
      </Box>
    </PublicShell>
  );
}

interface QuestionFieldProps {
  question: Question;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string;
}

/** One question as its kind asks: free text, yes or no, or one of its choices. */
function QuestionField({ question, label, value, onValue, error }: QuestionFieldProps) {
  const { translate } = usePublicI18n();
  const name = `question-${question.id}`;
  if (question.kind === 'yes_no') {
    return (
      <FormControl component="fieldset" margin="normal" required={question.required} error={!!error} fullWidth>
        <FormLabel component="legend" id={`${name}-label`}>
          {label}
        </FormLabel>
        <RadioGroup row name={name} value={value} onChange={(event) => onValue(event.target.value)} aria-labelledby={`${name}-label`}>
          {yesNoAnswers.map((option) => (
            <FormControlLabel key={option} value={option} control={<Radio />} label={translate(`membership.complete.${option}`)} />
          ))}
        </RadioGroup>
        {error && <FormHelperText>{error}</FormHelperText>}
      </FormControl>
    );
  }
  const common = { name, label, value, onValue, required: question.required, error: !!error, helperText: error };
  if (question.kind === 'choice') {
    return (
      <SelectField
        {...common}
        placeholder={translate('membership.register.choose')}
        options={question.choices.map((choice) => ({ value: choice, label: choice }))}
      />
    );
  }
  return <FormField {...common} multiline minRows={1} />;
}
