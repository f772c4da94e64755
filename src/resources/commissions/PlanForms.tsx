import { useState, type FormEvent } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatMoney } from '../../i18n/format';
// Rand and rates as typed, parsed the way billing's forms parse them.
import { centsToRandText, percentToBp, randToCents } from '../billing/money';
import { ApiError } from '../../providers/http';
import { useApiAction } from '../shared/useApiAction';
import type { RepPlans } from '../../../shared/commissions/statement';

type Errors = Record<string, string>;

const asPercent = (bp: number) => String(bp / 100);

/** The server's per-field messages, or its message under the form. */
function serverErrors(failure: unknown): Errors {
  if (failure instanceof ApiError) return Object.keys(failure.errors).length ? failure.errors : { form: failure.message };
  return { form: (failure as Error).message };
}

/**
 * A rep's plan for one product group, or for everything else: the rate and the tiers above the
 * month's target. Checked as typed (a rate from 0 to 100 %, tiers each above the one before) and
 * by the server, whose messages land on their fields.
 */
export function PlanForm({ rep, groups, onSaved }: { rep: RepPlans; groups: { id: number; name: string }[]; onSaved: () => void }) {
  const translate = useTranslate();
  const [groupId, setGroupId] = useState<number | ''>('');
  const existing = rep.plans.find((p) => p.product_group_id === (groupId === '' ? null : groupId));
  const [rate, setRate] = useState(existing ? asPercent(existing.rate_bp) : '');
  const [tiers, setTiers] = useState<{ above: string; rate: string }[]>(existing?.tiers.map((t) => ({ above: centsToRandText(t.above), rate: asPercent(t.rate_bp) })) ?? []);
  const [checked, setChecked] = useState<Errors>({});
  const save = useApiAction('api/commissions/saveplan', { success: 'commissions.plan_saved', notifyFailure: false, onSuccess: onSaved });
  const errors = save.error ? serverErrors(save.error) : checked;

  const pick = (value: number | '') => {
    setGroupId(value);
    const plan = rep.plans.find((p) => p.product_group_id === (value === '' ? null : value));
    setRate(plan ? asPercent(plan.rate_bp) : '');
    setTiers(plan?.tiers.map((t) => ({ above: centsToRandText(t.above), rate: asPercent(t.rate_bp) })) ?? []);
    setChecked({});
    save.reset();
  };

  const check = (): Errors => {
    const found: Errors = {};
    if (percentToBp(rate) === null) found.rate_bp = translate('commissions.rate_invalid');
    tiers.forEach((tier, index) => {
      const above = randToCents(tier.above);
      if (above === null) found[`tiers.${index}.above`] = translate('commissions.target_invalid');
      else if (index > 0 && randToCents(tiers[index - 1].above) !== null && above <= randToCents(tiers[index - 1].above)!) found[`tiers.${index}.above`] = translate('commissions.tier_order');
      if (percentToBp(tier.rate) === null) found[`tiers.${index}.rate_bp`] = translate('commissions.rate_invalid');
    });
    return found;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setChecked(found);
    save.reset();
    if (Object.keys(found).length) return;
    void save.run({
      rep_id: rep.rep_id,
      rate_bp: percentToBp(rate),
      product_group_id: groupId === '' ? null : groupId,
      tiers: tiers.map((t) => ({ above: randToCents(t.above), rate_bp: percentToBp(t.rate) })),
    });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={translate('commissions.plans')}>
      <Stack spacing={2}>
        <TextField select label={translate('commissions.product_group')} value={groupId} onChange={(e) => pick(e.target.value === '' ? '' : Number(e.target.value))} error={!!errors.product_group_id} helperText={errors.product_group_id}>
          <MenuItem value="">{translate('commissions.all_products')}</MenuItem>
          {groups.map((group) => (
            <MenuItem key={group.id} value={group.id}>
              {group.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          name="rate"
          label={translate('commissions.rate')}
          value={rate}
          onChange={(e) => setRate(e.target.value)}
          error={!!errors.rate_bp}
          helperText={errors.rate_bp}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          required
        />
        <Typography variant="subtitle2" component="h3">
          {translate('commissions.tiers')}
        </Typography>
        {tiers.map((tier, index) => (
          <Stack key={index} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              label={translate('commissions.tier_above')}
              value={tier.above}
              onChange={(e) => setTiers((list) => list.map((t, i) => (i === index ? { ...t, above: e.target.value } : t)))}
              error={!!errors[`tiers.${index}.above`]}
              helperText={errors[`tiers.${index}.above`]}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <TextField
              label={translate('commissions.tier_rate')}
              value={tier.rate}
              onChange={(e) => setTiers((list) => list.map((t, i) => (i === index ? { ...t, rate: e.target.value } : t)))}
              error={!!errors[`tiers.${index}.rate_bp`]}
              helperText={errors[`tiers.${index}.rate_bp`]}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <IconButton aria-label={translate('commissions.remove_tier')} onClick={() => setTiers((list) => list.filter((_, i) => i !== index))}>
              <DeleteIcon />
            </IconButton>
          </Stack>
        ))}
        {errors.tiers || errors.form ? <Typography color="error">{errors.tiers ?? errors.form}</Typography> : null}
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button startIcon={<AddIcon />} onClick={() => setTiers((list) => [...list, { above: '0', rate: '' }])}>
            {translate('commissions.add_tier')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {translate('commissions.save_plan')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/** A rep's target for a month (net of VAT), and its targets so far. */
export function TargetForm({ rep, month, onSaved }: { rep: RepPlans; month: string; onSaved: () => void }) {
  const translate = useTranslate();
  const current = rep.targets.find((t) => t.month === month);
  const [amount, setAmount] = useState(current ? centsToRandText(current.amount) : '');
  const [checked, setChecked] = useState<Errors>({});
  const save = useApiAction('api/commissions/savetarget', { success: 'commissions.target_saved', notifyFailure: false, onSuccess: onSaved });
  const errors = save.error ? serverErrors(save.error) : checked;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = randToCents(amount);
    save.reset();
    if (value === null) {
      setChecked({ amount: translate('commissions.target_invalid') });
      return;
    }
    setChecked({});
    void save.run({ rep_id: rep.rep_id, month, amount: value });
  };
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={translate('commissions.targets')}>
      <Stack spacing={2}>
        <TextField
          name="target"
          label={`${translate('commissions.target')} · ${month}`}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={!!(errors.amount ?? errors.month)}
          helperText={errors.amount ?? errors.month ?? errors.form}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {translate('commissions.save_target')}
          </Button>
        </Box>
        {rep.targets.length === 0 ? (
          <Typography color="text.secondary">{translate('commissions.no_targets')}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {rep.targets.slice(0, 6).map((t) => (
              <li key={t.month}>
                <Typography variant="body2">
                  {t.month}: {formatMoney(t.amount)}
                </Typography>
              </li>
            ))}
          </Box>
        )}
      </Stack>
    </Box>
  );
}
