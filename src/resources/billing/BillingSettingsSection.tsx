import { useState, type FormEvent } from 'react';
import { Alert, Box, Button as MuiButton, Card, CardContent, Chip, Grid, MenuItem, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from '@mui/material';
import {
  BooleanInput,
  Confirm,
  Form,
  Loading,
  ResourceContextProvider,
  SaveButton,
  SelectInput,
  TextInput,
  maxLength,
  regex,
  required,
  useNotify,
  useTranslate,
} from 'react-admin';
import { businessDay, paymentTerms } from '../../../shared/billing/accounts';
import { vatClasses, type VatClass } from '../../../shared/billing/vat';
import { ApiError } from '../../providers/http';
import { useApiAction } from '../shared/useApiAction';
import { useApiGet } from '../shared/useApiGet';
import { LabelButton } from '../shared/LabelButton';
import { saveSettings } from './calls';
import { DayField } from './FormFields';
import { formatRate, percentToBp } from './money';
import { formatDay } from '../../i18n/formatDay';
import type { BillingSettings, SettingsAnswer, VatRateRow } from '../../../shared/billing/records';

const termChoices = paymentTerms.map((id) => ({ id, name: `billing.terms.${id}` }));
const settingsFields: (keyof BillingSettings)[] = [
  'legal_name',
  'address',
  'vat_number',
  'registration_number',
  'bank_name',
  'bank_account_name',
  'bank_account_number',
  'bank_branch_code',
  'invoice_prefix',
  'credit_note_prefix',
  'debit_note_prefix',
  'default_payment_terms',
  'prices_include_vat',
];
const prefix = [required(), maxLength(10), regex(/^[A-Za-z0-9/_-]+$/, 'billing.form.invalid_prefix')];
/** Names, numbers and addresses are often Latin text: each input takes the direction of what is typed in it. */
const ownDirection = { htmlInput: { dir: 'auto' } } as const;

function Heading({ children }: { children: string }) {
  const translate = useTranslate();
  return (
    <Typography variant="subtitle1" component="h3" sx={{ mt: 2, fontWeight: 500 }}>
      {translate(children)}
    </Typography>
  );
}

/** The company's legal and bank details, document number prefixes, default terms and how catalogue prices are read. */
function SettingsForm({ settings, onSaved }: { settings: SettingsAnswer; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const submit = async (values: Record<string, unknown>) => {
    const body = Object.fromEntries(settingsFields.map((field) => [field, values[field] ?? (field === 'prices_include_vat' ? false : '')]));
    try {
      await saveSettings(body);
    } catch (error) {
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
      return error instanceof ApiError && Object.keys(error.errors).length ? error.errors : undefined;
    }
    notify('billing.settings.saved', { type: 'success' });
    onSaved();
    return undefined;
  };
  return (
    <ResourceContextProvider value="billing-settings">
      <Form record={{ id: 'settings', ...settings }} onSubmit={submit}>
        <Heading>billing.settings.company</Heading>
        <Grid container columnSpacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextInput slotProps={ownDirection} source="legal_name" validate={[required(), maxLength(200)]} fullWidth />
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <TextInput slotProps={ownDirection} source="vat_number" validate={regex(/^(|4[0-9]{9})$/, 'billing.form.invalid_vat_number')} helperText="billing.form.vat_number_hint" fullWidth />
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <TextInput slotProps={ownDirection} source="registration_number" validate={maxLength(40)} fullWidth />
          </Grid>
          <Grid size={12}>
            <TextInput slotProps={ownDirection} source="address" multiline minRows={3} validate={maxLength(1000)} fullWidth />
          </Grid>
        </Grid>
        <Heading>billing.settings.bank</Heading>
        <Grid container columnSpacing={2}>
          <Grid size={{ xs: 12, md: 3 }}>
            <TextInput slotProps={ownDirection} source="bank_name" validate={maxLength(100)} fullWidth />
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <TextInput slotProps={ownDirection} source="bank_account_name" validate={maxLength(200)} fullWidth />
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <TextInput slotProps={ownDirection} source="bank_account_number" validate={[maxLength(20), regex(/^[0-9 ]*$/, 'billing.form.digits_only')]} fullWidth />
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <TextInput slotProps={ownDirection} source="bank_branch_code" validate={[maxLength(10), regex(/^[0-9]*$/, 'billing.form.digits_only')]} fullWidth />
          </Grid>
        </Grid>
        <Heading>billing.settings.documents</Heading>
        <Grid container columnSpacing={2}>
          <Grid size={{ xs: 12, sm: 4, md: 2 }}>
            <TextInput slotProps={ownDirection} source="invoice_prefix" validate={prefix} fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 4, md: 2 }}>
            <TextInput slotProps={ownDirection} source="credit_note_prefix" validate={prefix} fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 4, md: 2 }}>
            <TextInput slotProps={ownDirection} source="debit_note_prefix" validate={prefix} fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <SelectInput source="default_payment_terms" choices={termChoices} validate={required()} fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <BooleanInput source="prices_include_vat" helperText="billing.settings.prices_include_vat_hint" />
          </Grid>
        </Grid>
        <Typography variant="body2" color="text.secondary">
          {translate('billing.settings.prefix_hint')}
        </Typography>
        <Box sx={{ mt: 2 }}>
          <SaveButton />
        </Box>
      </Form>
    </ResourceContextProvider>
  );
}

type RateState = 'past' | 'current' | 'upcoming';

/** Each rate row is past, the one in force today for its class, or upcoming (it starts after today). */
export function rateStates(rates: VatRateRow[], today: string): Map<number, RateState> {
  const inForce = new Map<VatClass, VatRateRow>();
  for (const rate of rates) {
    const best = inForce.get(rate.vat_class);
    if (rate.valid_from <= today && (!best || rate.valid_from > best.valid_from)) inForce.set(rate.vat_class, rate);
  }
  return new Map(rates.map((rate) => [rate.id, rate.valid_from > today ? 'upcoming' : inForce.get(rate.vat_class) === rate ? 'current' : 'past']));
}

const stateColour = { past: 'default', current: 'success', upcoming: 'info' } as const;

/** The VAT rates by class and the day each starts; rows are never changed, a new rate is a new row from a date. */
function VatRates({ rates, onAdded }: { rates: VatRateRow[]; onAdded: () => void }) {
  const translate = useTranslate();
  const today = businessDay(new Date());
  const states = rateStates(rates, today);
  const [vatClass, setVatClass] = useState<VatClass>('standard');
  const [rateText, setRateText] = useState('');
  const [validFrom, setValidFrom] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const rateBp = percentToBp(rateText);
  const inPast = validFrom !== null && validFrom <= today;
  const ready = rateBp !== null && validFrom !== null && !inPast;
  // A refusal is shown above the new rate's fields, where it is being typed.
  const add = useApiAction(() => saveSettings({ new_rate: { vat_class: vatClass, rate_bp: rateBp!, valid_from: validFrom! } }), {
    success: 'billing.settings.rate_added',
    notifyFailure: false,
    onSuccess: () => {
      setRateText('');
      setValidFrom(null);
      onAdded();
    },
    onSettled: () => setConfirming(false),
  });
  const busy = add.isPending;
  const failure = add.error ? add.error.message || translate('ra.notification.http_error') : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) setConfirming(true);
  };

  return (
    <Stack spacing={2}>
      <TableContainer>
        <Table size="small" aria-label={translate('billing.settings.vat_rates')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('billing.settings.vat_class')}</TableCell>
              <TableCell align="right">{translate('billing.settings.rate')}</TableCell>
              <TableCell>{translate('billing.settings.valid_from')}</TableCell>
              <TableCell>{translate('billing.settings.state')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rates.map((rate) => {
              const state = states.get(rate.id) ?? 'past';
              return (
                <TableRow key={rate.id}>
                  <TableCell>{translate(`billing.vat_classes.${rate.vat_class}`)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatRate(rate.rate_bp)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(rate.valid_from)}</TableCell>
                  <TableCell>
                    <Chip size="small" color={stateColour[state]} variant={state === 'past' ? 'outlined' : 'filled'} label={translate(`billing.settings.rate_${state}`)} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Box component="form" onSubmit={submit} aria-labelledby="new-rate-title">
        <Typography variant="subtitle1" component="h3" id="new-rate-title" sx={{ fontWeight: 500, mb: 1 }}>
          {translate('billing.settings.add_rate')}
        </Typography>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
          <TextField select size="small" label={translate('billing.settings.vat_class')} name="vat_class" value={vatClass} onChange={(event) => setVatClass(event.target.value as VatClass)} sx={{ minWidth: 180 }}>
            {vatClasses.map((id) => (
              <MenuItem key={id} value={id}>
                {translate(`billing.vat_classes.${id}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={translate('billing.settings.rate_percent')}
            name="rate"
            value={rateText}
            onChange={(event) => setRateText(event.target.value)}
            error={rateText.trim() !== '' && rateBp === null}
            helperText={rateText.trim() !== '' && rateBp === null ? translate('billing.settings.invalid_rate') : translate('billing.settings.rate_hint')}
            required
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <DayField
            size="small"
            label={translate('billing.settings.valid_from')}
            name="valid_from"
            value={validFrom}
            onChange={setValidFrom}
            required
            serverError={inPast ? translate('billing.settings.future_only') : undefined}
          />
          <MuiButton type="submit" variant="contained" disabled={!ready || busy} sx={{ whiteSpace: 'nowrap', flexShrink: 0, mt: { md: 0.5 } }}>
            {translate('billing.settings.add_rate_action')}
          </MuiButton>
        </Stack>
      </Box>
      <Confirm
        isOpen={confirming}
        loading={busy}
        title={translate('billing.settings.confirm_rate_title')}
        content={translate('billing.settings.confirm_rate_content', {
          rate: rateBp === null ? '' : formatRate(rateBp),
          class: translate(`billing.vat_classes.${vatClass}`),
          date: validFrom ? formatDay(validFrom) : '',
        })}
        onConfirm={() => void add.run()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

/**
 * Billing's part of the company settings (admin): what every document states about the company
 * (legal name, address, VAT and registration numbers, bank details), the number prefixes, the
 * default payment terms, whether catalogue prices include VAT, and the VAT rates by date.
 */
export function BillingSettingsSection() {
  const translate = useTranslate();
  const { data, error, refetch } = useApiGet<{ data: SettingsAnswer }>('api/billing/settings', {});
  const settings = data?.data;
  return error ? (
        <Alert severity="error" action={<LabelButton label="app.retry" onClick={refetch} />}>
          {error.message || translate('ra.notification.http_error')}
        </Alert>
      ) : !settings ? (
        <Loading />
      ) : (
        <>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2">
                {translate('billing.settings.details')}
              </Typography>
              <SettingsForm settings={settings} onSaved={refetch} />
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                {translate('billing.settings.vat_rates')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {translate('billing.settings.vat_rates_intro')}
              </Typography>
              <VatRates rates={settings.vat_rates} onAdded={refetch} />
            </CardContent>
          </Card>
        </>
      );
}
