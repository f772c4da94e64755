import { Box, Checkbox, FormControlLabel, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { usePublicI18n } from '../../i18n/PublicI18n';
import { ApiError, apiGet, apiPost } from '../../providers/http';
import type { Branch } from '../../routes';
import { memberTypes } from '../../resources/sales-leads/leads';
import { CenteredLink, FormAlert, FormField, SelectField, SubmitButton } from './formParts';
import { PublicShell } from './PublicShell';
import { consentWording } from '../../../shared/privacy/consent';

/** What crm/savelead takes from a visitor; the server checks all of it. */
interface Registration {
  name: string;
  contact_name: string;
  email: string;
  phone: string;
  branch_id: string;
  client_type: string;
  message: string;
}
type Field = keyof Registration;

/** The fields the server requires (server/modules/crm/leads/register.ts), checked first so all show at once. */
const requiredFields: Field[] = ['client_type', 'name', 'contact_name', 'email', 'phone'];

const empty: Registration = { name: '', contact_name: '', email: '', phone: '', branch_id: '', client_type: '', message: '' };

/** The branches a visitor may choose (crm/registration_options); the default one comes first. */
function useBranches(): { branches: Branch[]; failed: boolean } {
  const [state, setState] = useState<{ branches: Branch[]; failed: boolean }>({ branches: [], failed: false });
  useEffect(() => {
    const controller = new AbortController();
    apiGet<{ data: { branches: Branch[] } }>('api/crm/registration_options', undefined, controller.signal).then(
      (answer) => setState({ branches: answer.data.branches, failed: false }),
      () => !controller.signal.aborted && setState({ branches: [], failed: true }),
    );
    return () => controller.abort();
  }, []);
  return state;
}

/**
 * /register: a person or company asks to become a member. The request becomes a lead the admin
 * approves on /member-requests; the server's field errors show next to their fields (the
 * error response is passed on), and nothing tells a visitor whether an address is known already.
 */
export default function Register() {
  const { translate, locale } = usePublicI18n();
  const { branches, failed } = useBranches();
  const [values, setValues] = useState<Registration>(empty);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // POPIA: unticked until the visitor ticks it; the server stores the same wording (shared/privacy).
  const [consent, setConsent] = useState(false);

  // The default branch is the likely answer; the visitor can change it.
  const defaultBranch = branches.find((branch) => branch.default_branch);
  useEffect(() => {
    if (defaultBranch) setValues((current) => (current.branch_id ? current : { ...current, branch_id: String(defaultBranch.id) }));
  }, [defaultBranch]);

  const set = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = requiredFields.filter((field) => !values[field].trim());
    if (missing.length) {
      setFieldErrors(Object.fromEntries(missing.map((field) => [field, translate('app.auth.required')])));
      setError(translate('membership.register.check_fields'));
      return;
    }
    setBusy(true);
    setError(null);
    setFieldErrors({});
    try {
      await apiPost('api/crm/savelead', {
        name: values.name,
        contact_name: values.contact_name,
        email: values.email,
        phone: values.phone,
        client_type: values.client_type,
        branch_id: values.branch_id ? Number(values.branch_id) : null,
        ...(values.message.trim() ? { message: values.message } : {}),
        locale,
        marketing_consent: consent,
      });
      setSentTo(values.email);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 429) setError(translate('membership.register.throttled'));
      else if (failure instanceof ApiError && failure.status === 400 && Object.keys(failure.errors).length) {
        setFieldErrors(failure.errors);
        setError(translate('membership.register.check_fields'));
      } else if (failure instanceof ApiError && failure.status === 400) setError(failure.message || translate('membership.register.check_fields'));
      else setError(translate('app.auth.network_error'));
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <PublicShell page="register" heading={translate('membership.register.thanks_title')} width="sm">
        <FormAlert severity="success" message={translate('membership.register.thanks_body', { email: sentTo })} />
        <Typography color="text.secondary">{translate('membership.register.thanks_next')}</Typography>
        <CenteredLink to="/login">{translate('app.auth.back_to_sign_in')}</CenteredLink>
      </PublicShell>
    );
  }

  /** A field's props: its value, and the server's complaint about it in place of the hint. */
  const field = (name: Field, hint?: string) => ({
    name,
    value: values[name],
    onValue: set(name),
    error: !!fieldErrors[name],
    helperText: fieldErrors[name] ?? hint,
  });

  return (
    <PublicShell page="register" width="sm">
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate('membership.register.intro')}
      </Typography>
      <Box component="form" onSubmit={submit} noValidate>
        <FormAlert message={error} />
        {failed && <FormAlert message={translate('membership.register.options_failed')} />}
        <SelectField
          {...field('client_type')}
          label={translate('membership.fields.client_type')}
          required
          placeholder={translate('membership.register.choose')}
          options={memberTypes.map((type) => ({ value: type, label: translate(`members.types.${type}`) }))}
        />
        <FormField {...field('name', translate('membership.register.name_hint'))} label={translate('membership.fields.name')} required autoComplete="organization" />
        <FormField {...field('contact_name')} label={translate('membership.fields.contact_name')} required autoComplete="name" />
        <FormField {...field('email')} label={translate('membership.fields.email')} type="email" required autoComplete="email" />
        <FormField {...field('phone')} label={translate('membership.fields.phone')} type="tel" required autoComplete="tel" />
        <SelectField
          {...field('branch_id')}
          label={translate('membership.fields.branch_id')}
          required
          placeholder={translate('membership.register.choose')}
          options={branches.map((branch) => ({ value: String(branch.id), label: branch.name }))}
        />
        <FormField {...field('message', translate('membership.register.message_hint'))} label={translate('membership.fields.message')} multiline minRows={3} />
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
          <Typography component="legend" variant="subtitle2">
            {translate('privacy.consent.label')}
          </Typography>
          <FormControlLabel
            control={<Checkbox name="marketing_consent" checked={consent} onChange={(event) => setConsent(event.target.checked)} />}
            label={consentWording[locale]}
          />
        </Box>
        <SubmitButton busy={busy}>{busy ? translate('membership.register.sending') : translate('membership.register.submit')}</SubmitButton>
        <CenteredLink to="/login">{translate('membership.register.have_account')}</CenteredLink>
      </Box>
    </PublicShell>
  );
}
