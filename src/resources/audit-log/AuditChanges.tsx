import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { shownValue, type AuditEntry } from './types';

/**
 * The expanded row of the audit screen: each changed field as before → after, then what else the
 * entry says (a reason, a count). Values are user text: they render as text, never as markup.
 */
export function AuditChanges() {
  const entry = useRecordContext<AuditEntry>();
  const translate = useTranslate();
  if (!entry) return null;
  const context = Object.entries(entry.data);
  return (
    <Box sx={{ py: 1 }} data-testid="audit-changes">
      {entry.changes.length ? (
        <Table size="small" aria-label={translate('audit.changes_of', { id: entry.id })}>
          <TableHead>
            <TableRow>
              <TableCell component="th">{translate('audit.field')}</TableCell>
              <TableCell component="th">{translate('audit.before')}</TableCell>
              <TableCell component="th">{translate('audit.after')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entry.changes.map((change) => (
              <TableRow key={change.field}>
                <TableCell>
                  <code>{change.field}</code>
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>
                  <bdi>{shownValue(change.before)}</bdi>
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>
                  <bdi>{shownValue(change.after)}</bdi>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Typography color="text.secondary">{translate('audit.no_changes')}</Typography>
      )}
      {context.length > 0 && (
        <Box component="dl" sx={{ mt: 1, mb: 0 }}>
          {context.map(([key, value]) => (
            <Box key={key} sx={{ display: 'flex', gap: 1 }}>
              <Box component="dt" sx={{ fontWeight: 500 }}>
                <code>{key}</code>
              </Box>
              <Box component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
                <bdi>{shownValue(value)}</bdi>
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
