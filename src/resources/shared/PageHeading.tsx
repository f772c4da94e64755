import type { ReactNode } from 'react';
import { Typography } from '@mui/material';

/**
 * The screen's own name as its level-one heading (the app bar shows it too). A module of its own:
 * the first screen needs it and none of SectionCard's card parts.
 */
export function PageHeading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
      {children}
    </Typography>
  );
}
