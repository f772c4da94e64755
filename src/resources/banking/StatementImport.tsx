import { useId, useRef, useState, type DragEvent } from 'react';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, AlertTitle, Box, Button, Card, CardContent, CardHeader, LinearProgress, Stack, Typography } from '@mui/material';
import { useIsOffline, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { ApiError } from '../../providers/http';
import { useApiAction } from '../shared/useApiAction';
import { importStatement } from './calls';
import { reconcilePath } from './paths';
import type { ImportSummary } from '../../../shared/banking/records';
import { bankFormatName } from '../../../shared/banking/statement';

type Outcome = { kind: 'done'; summary: ImportSummary } | { kind: 'refused'; message: string } | { kind: 'duplicate'; message: string } | { kind: 'failed' };

/** What the server's refusal says: the file's problem names its line (`Line 12: the amount …`). */
function outcomeOf(error: unknown): Outcome {
  if (!(error instanceof ApiError) || error.status === 0) return { kind: 'failed' };
  const message = error.errors.file || error.message;
  if (error.status === 409) return { kind: 'duplicate', message };
  return { kind: 'refused', message };
}

/**
 * The statement's upload: a file dropped on the area or chosen with its button (a real button,
 * so the keyboard reaches it), sent at once; then what the import did (its bank, how many lines
 * were matched, suggested or left), or why the file was refused.
 */
export function StatementImport() {
  const translate = useTranslate();
  const offline = useIsOffline();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  // What the import did, or why the file was refused, is shown below the drop area, not notified.
  const importing = useApiAction(importStatement, {
    refresh: true,
    notifyFailure: false,
    onSettled: () => {
      if (input.current) input.current.value = '';
    },
  });
  const sending = importing.isPending ? (importing.variables?.name ?? null) : null;
  const outcome: Outcome | null = importing.data ? { kind: 'done', summary: importing.data } : importing.error ? outcomeOf(importing.error) : null;

  function send(file: File | undefined) {
    if (!file || importing.isPending) return;
    void importing.run(file);
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    send(event.dataTransfer.files[0]);
  };

  return (
    <Card variant="outlined">
      <CardHeader title={translate('banking.import.title')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Box
          data-testid="statement-drop"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          sx={{ border: 2, borderStyle: 'dashed', borderColor: dragging ? 'primary.main' : 'divider', borderRadius: 1, p: { xs: 2, sm: 3 }, bgcolor: dragging ? 'action.hover' : undefined }}
        >
          <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
            <Typography id={hintId} variant="body2" color="text.secondary">
              {translate(dragging ? 'banking.import.drop_here' : 'banking.import.hint')}
            </Typography>
            <Button variant="contained" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} disabled={sending !== null || offline} aria-describedby={hintId}>
              {translate('banking.import.choose')}
            </Button>
            <input ref={input} type="file" hidden accept=".csv,.txt,.ofx,.qfx,.xml,.sta,.mt940" aria-label={translate('banking.import.choose')} onChange={(event) => send(event.target.files?.[0])} />
          </Stack>
        </Box>
        {offline && (
          <Alert severity="warning" role="status" sx={{ mt: 2 }}>
            {translate('offline.needs_connection')}
          </Alert>
        )}
        {sending && (
          <Box sx={{ mt: 2 }} role="status">
            <Typography variant="body2">{translate('banking.import.reading', { name: sending })}</Typography>
            <LinearProgress aria-label={translate('banking.import.reading', { name: sending })} />
          </Box>
        )}
        <Box aria-live="polite">{outcome && <ImportOutcome outcome={outcome} />}</Box>
      </CardContent>
    </Card>
  );
}

function ImportOutcome({ outcome }: { outcome: Outcome }) {
  const translate = useTranslate();
  if (outcome.kind === 'failed') {
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {translate('banking.import.failed')}
      </Alert>
    );
  }
  if (outcome.kind === 'duplicate') {
    return (
      <Alert severity="info" sx={{ mt: 2 }} data-testid="import-duplicate">
        <AlertTitle>{translate('banking.import.duplicate_title')}</AlertTitle>
        {translate('banking.import.duplicate')}
        <Typography variant="body2" sx={{ mt: 1 }}>
          <bdi>{outcome.message}</bdi>
        </Typography>
      </Alert>
    );
  }
  if (outcome.kind === 'refused') {
    return (
      <Alert severity="error" sx={{ mt: 2 }} data-testid="import-refused">
        <AlertTitle>{translate('banking.import.refused')}</AlertTitle>
        <bdi>{outcome.message}</bdi>
      </Alert>
    );
  }
  const { summary } = outcome;
  return (
    <Alert severity="success" sx={{ mt: 2 }} data-testid="import-result">
      <Typography variant="body2">{translate('banking.import.done', { format: bankFormatName(summary.format), lines: summary.lines, credits: summary.credits })}</Typography>
      <Typography variant="body2">{translate('banking.import.counts', { matched: summary.matched, suggested: summary.suggested, unmatched: summary.unmatched })}</Typography>
      {summary.already_imported > 0 && <Typography variant="body2">{translate('banking.import.already_some', { count: summary.already_imported })}</Typography>}
      {/* Below the counts, not beside them: a phone's width leaves no room for a button at the side. */}
      <Button component={RouterLink} to={reconcilePath(summary.id)} variant="outlined" color="inherit" size="small" sx={{ mt: 1 }}>
        {translate('banking.import.open')}
      </Button>
    </Alert>
  );
}
