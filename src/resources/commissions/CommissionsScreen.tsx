import { useState } from 'react';
import { Alert, Box, Card, CardContent, CardHeader, MenuItem, Stack, TextField } from '@mui/material';
import { Loading, Title, useTranslate } from 'react-admin';
import { businessDay } from '../../../shared/billing/accounts';
import { monthOf } from '../../../shared/commissions/months';
import type { RepPlans } from '../../../shared/commissions/statement';
import { useCore } from '../../providers/useCore';
import { usePortalTitle } from '../../screens/usePortalTitle';
import { useApiGet } from '../shared/useApiGet';
import { PageHeading } from '../shared/PageHeading';
import { PlanForm, TargetForm } from './PlanForms';
import { StatementCard } from './StatementCard';

const pickerWidth = { width: { xs: '100%', sm: 240 } };

/** The month picker: the running month unless another is chosen. */
function MonthPicker({ month, onChange }: { month: string; onChange: (month: string) => void }) {
  const translate = useTranslate();
  return (
    <TextField
      type="month"
      label={translate('commissions.month')}
      value={month}
      onChange={(event) => event.target.value && onChange(event.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={pickerWidth}
    />
  );
}

/** The admin's view: a rep's plans and target beside its statement of the chosen month. */
function AdminCommissions({ month, setMonth }: { month: string; setMonth: (month: string) => void }) {
  const translate = useTranslate();
  const plans = useApiGet<{ data: RepPlans[] }>('api/commissions/plans', {});
  const groups = useApiGet<{ data: { id: number; name: string }[] }>('api/products/groups', { perPage: 100, sort: 'name', order: 'ASC' });
  const [chosen, setChosen] = useState<number | null>(null);
  if (plans.error) return <Alert severity="error">{translate('commissions.load_failed', { message: plans.error.message })}</Alert>;
  if (!plans.data) return <Loading />;
  const reps = plans.data.data;
  if (reps.length === 0) return <Alert severity="info">{translate('commissions.no_reps')}</Alert>;
  const rep = reps.find((r) => r.rep_id === chosen) ?? reps[0];
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap flexWrap="wrap">
        <TextField select label={translate('commissions.rep')} value={rep.rep_id} onChange={(event) => setChosen(Number(event.target.value))} sx={pickerWidth}>
          {reps.map((r) => (
            <MenuItem key={r.rep_id} value={r.rep_id}>
              {r.rep_name}
            </MenuItem>
          ))}
        </TextField>
        <MonthPicker month={month} onChange={setMonth} />
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Card component="section" aria-labelledby="commission-plans">
          <CardHeader title={translate('commissions.plans')} slotProps={{ title: { id: 'commission-plans', component: 'h2', variant: 'h6' } }} subheader={rep.plans.length === 0 ? translate('commissions.no_plans') : undefined} />
          <CardContent>
            <PlanForm key={`${rep.rep_id}:${rep.plans.map((p) => p.updated_at).join()}`} rep={rep} groups={groups.data?.data ?? []} onSaved={plans.refetch} />
          </CardContent>
        </Card>
        <Card component="section" aria-labelledby="commission-targets">
          <CardHeader title={translate('commissions.targets')} slotProps={{ title: { id: 'commission-targets', component: 'h2', variant: 'h6' } }} />
          <CardContent>
            <TargetForm key={`${rep.rep_id}:${month}`} rep={rep} month={month} onSaved={plans.refetch} />
          </CardContent>
        </Card>
      </Box>
      <StatementCard key={`${rep.rep_id}:${month}:${JSON.stringify(rep.plans)}:${JSON.stringify(rep.targets)}`} repId={rep.rep_id} month={month} canClose />
    </Stack>
  );
}

/**
 * Commissions: the admin sets each rep's plans and targets, reads its statements and closes a
 * month; a rep reads its own statement of the running month (live) and of past ones.
 */
export default function CommissionsScreen() {
  const core = useCore();
  const pageTitle = usePortalTitle('commissions');
  const [month, setMonth] = useState(() => monthOf(businessDay(new Date())));
  const isAdmin = core?.user.role.role_name === 'admin';
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={pageTitle} />
      <Box sx={{ mb: 2 }}>
        <PageHeading>{pageTitle}</PageHeading>
      </Box>
      {isAdmin ? (
        <AdminCommissions month={month} setMonth={setMonth} />
      ) : (
        <Stack spacing={2}>
          <MonthPicker month={month} onChange={setMonth} />
          <StatementCard month={month} canClose={false} />
        </Stack>
      )}
    </Box>
  );
}
