import { Stack, Typography } from '@mui/material';
import { formatMoney } from '../../i18n/format';

/** A labelled amount: what it is, in cents, and the test id of the amount. */
export type Figure = readonly [label: string, cents: number, testId: string];

/** Amounts under a list (excl. VAT, VAT by rate…): a label on one side, the money on the other. */
export function FigureLines({ figures }: { figures: readonly Figure[] }) {
  return figures.map(([label, cents, testId]) => (
    <Stack key={testId} direction="row" sx={{ justifyContent: 'space-between', pt: 0.5 }}>
      <Typography variant="body2">{label}</Typography>
      <Typography variant="body2" data-testid={testId}>
        {formatMoney(cents)}
      </Typography>
    </Stack>
  ));
}
