import { Alert, Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The ten recovery codes, shown once right after enrolment: the server keeps only their hashes. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const translate = useTranslate();
  return (
    <Box aria-labelledby="recovery-codes-title">
      <Typography id="recovery-codes-title" variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
        {translate('security.recovery.title')}
      </Typography>
      <Alert severity="warning" sx={{ my: 1 }}>
        {translate('security.recovery.once')}
      </Alert>
      <Box
        component="ol"
        dir="ltr"
        data-testid="recovery-codes"
        // The gap leaves room for the second column's numbers ("10.") outside its text.
        sx={{ fontFamily: 'monospace', fontSize: '1.05rem', columns: { xs: 1, sm: 2 }, columnGap: 6, maxWidth: 480, my: 2, pl: 4 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Button variant="contained" onClick={onDone}>
        {translate('security.recovery.done')}
      </Button>
    </Box>
  );
}
