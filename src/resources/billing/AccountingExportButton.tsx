import { useState, type FormEvent } from 'react';
import SummarizeIcon from '@mui/icons-material/Summarize';
import { Box, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { Button, useTranslate } from 'react-admin';
import { LabelButton } from '../shared/LabelButton';
import { useApiAction } from '../shared/useApiAction';
import { useDownload } from './download';
import { DayField } from './FormFields';
import { presetPeriod } from './periods';

/**
 * The accounting export (admin): every document and payment of a period as one CSV for the
 * bookkeeper (billing/export), last month unless chosen.
 */
export function AccountingExportButton() {
  const translate = useTranslate();
  const download = useDownload();
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState<string | null>(() => presetPeriod('last_month').from);
  const [to, setTo] = useState<string | null>(() => presetPeriod('last_month').to);
  const backwards = from !== null && to !== null && from > to;
  // The download says itself when it fails; the dialog closes either way, as the file is asked for.
  const exporting = useApiAction(
    (period: { from: string; to: string }) => download('api/billing/export', period, `billing-${period.from}-${period.to}.csv`, { localised: false }),
    { onSettled: () => setOpen(false) },
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!from || !to || backwards) return;
    void exporting.run({ from, to });
  }

  return (
    <>
      <Button label="billing.export.action" onClick={() => setOpen(true)}>
        <SummarizeIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="accounting-export-title">
        <Box component="form" onSubmit={submit} noValidate>
          <DialogTitle id="accounting-export-title">{translate('billing.export.title')}</DialogTitle>
          <DialogContent>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {translate('billing.export.intro')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <DayField label={translate('billing.statement.from')} name="from" value={from} onChange={setFrom} required />
              <DayField label={translate('billing.statement.to')} name="to" value={to} onChange={setTo} required serverError={backwards ? translate('billing.statement.backwards') : undefined} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <LabelButton label="ra.action.cancel" onClick={() => setOpen(false)} />
            <LabelButton label="billing.export.download" type="submit" variant="contained" disabled={!from || !to || backwards || exporting.isPending} />
          </DialogActions>
        </Box>
      </Dialog>
    </>
  );
}
