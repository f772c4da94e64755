import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState, type ChangeEvent } from 'react';
import { Button, useRefresh, useTranslate } from 'react-admin';
import { LabelButton } from '../shared/LabelButton';
import { importMembers, type ImportResult, type ImportRow } from '../sales-leads/leadCalls';

/** The CSV columns crm/import_members reads, in the order of its header. */
const columns = ['type', 'name', 'contact_name', 'email', 'phone', 'branch'] as const;
/** A spreadsheet of members is small; a bigger file is most likely the wrong one. */
const MAX_FILE_BYTES = 2 * 1024 * 1024;

/** A picked file's text (FileReader: also where Blob.text() is missing, as in older Safari). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

type Step =
  | { kind: 'pick' }
  | { kind: 'checking' }
  | { kind: 'preview'; csv: string; result: ImportResult }
  | { kind: 'importing'; csv: string; result: ImportResult }
  | { kind: 'done'; created: number }
  | { kind: 'failed'; message: string };

/**
 * "Import members": a CSV file is checked by the server first (nothing written), shown row by row
 * with each row's problems, and imported only when every row is valid, all rows or none. Each
 * imported member gets the completion email as an approved request does.
 */
export function ImportMembersDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const [fileName, setFileName] = useState('');

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFileName(file.name);
    if (file.size > MAX_FILE_BYTES) return setStep({ kind: 'failed', message: translate('membership.import.too_big') });
    setStep({ kind: 'checking' });
    try {
      const csv = await readText(file);
      setStep({ kind: 'preview', csv, result: await importMembers(csv, false) });
    } catch (error) {
      setStep({ kind: 'failed', message: (error as Error).message || translate('ra.notification.http_error') });
    }
  };

  const commit = async () => {
    if (step.kind !== 'preview') return;
    setStep({ kind: 'importing', csv: step.csv, result: step.result });
    try {
      const result = await importMembers(step.csv, true);
      if (result.valid) {
        setStep({ kind: 'done', created: result.created });
        refresh();
      } else setStep({ kind: 'preview', csv: step.csv, result });
    } catch (error) {
      setStep({ kind: 'failed', message: (error as Error).message || translate('ra.notification.http_error') });
    }
  };

  const preview = step.kind === 'preview' || step.kind === 'importing' ? step.result : null;
  const invalidRows = preview?.rows.filter((row) => Object.keys(row.errors).length > 0).length ?? 0;
  const canImport = step.kind === 'preview' && step.result.valid && step.result.rows.length > 0;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="import-title">
      <DialogTitle id="import-title">{translate('membership.import.title')}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {translate('membership.import.intro')}
        </Typography>
        <Box component="code" dir="ltr" sx={{ display: 'block', p: 1, mb: 2, bgcolor: 'action.hover', borderRadius: 1, fontSize: 13 }}>
          {columns.join(',')}
        </Box>
        {step.kind !== 'done' && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <MuiButton component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={step.kind === 'checking' || step.kind === 'importing'}>
              {translate('membership.import.choose_file')}
              <input type="file" accept=".csv,text/csv" hidden onChange={pick} data-testid="import-file" />
            </MuiButton>
            {fileName && <Typography variant="body2">{fileName}</Typography>}
          </Box>
        )}
        {step.kind === 'checking' && <Typography sx={{ mt: 2 }}>{translate('membership.import.checking')}</Typography>}
        {step.kind === 'failed' && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {step.message}
          </Alert>
        )}
        {step.kind === 'done' && (
          <Alert severity="success" role="status">
            {translate('membership.import.done', { smart_count: step.created })}
          </Alert>
        )}
        {preview && (
          <>
            <Alert severity={preview.valid ? 'success' : 'warning'} sx={{ mt: 2 }} role="status">
              {preview.rows.length === 0
                ? translate('membership.import.empty')
                : preview.valid
                  ? translate('membership.import.all_valid', { smart_count: preview.rows.length })
                  : translate('membership.import.some_invalid', { smart_count: invalidRows })}
            </Alert>
            <PreviewTable rows={preview.rows} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <LabelButton label={step.kind === 'done' ? 'ra.action.close' : 'ra.action.cancel'} onClick={onClose} />
        {step.kind !== 'done' && (
          <Button label="membership.import.import" variant="contained" disabled={!canImport} onClick={commit}>
            <UploadFileIcon />
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** Each row of the file as the server read it; a cell with a problem says which (a whole-row problem, such as a duplicate, by the line number). */
function PreviewTable({ rows }: { rows: ImportRow[] }) {
  const translate = useTranslate();
  if (!rows.length) return null;
  return (
    <TableContainer sx={{ mt: 2, maxHeight: 420 }}>
      <Table size="small" stickyHeader aria-label={translate('membership.import.preview')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('membership.import.line')}</TableCell>
            {columns.map((column) => (
              <TableCell key={column}>{translate(`membership.import.columns.${column}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const problems = Object.entries(row.errors);
            const other = problems.filter(([field]) => !(columns as readonly string[]).includes(field));
            return (
              <TableRow key={row.line} data-testid={`import-row-${row.line}`} sx={problems.length ? { bgcolor: 'rgba(211, 47, 47, 0.06)' } : undefined}>
                <TableCell>
                  {row.line}
                  {other.map(([field, message]) => (
                    <Typography key={field} variant="caption" color="error" component="p">
                      {message}
                    </Typography>
                  ))}
                </TableCell>
                {columns.map((column) => (
                  <TableCell key={column}>
                    {row[column]}
                    {row.errors[column] && (
                      <Typography variant="caption" color="error" component="p">
                        {row.errors[column]}
                      </Typography>
                    )}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
