import type { ReactNode } from 'react';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';

/**
 * react-admin's own spinners (the page-loading screen shown while a screen's code arrives, the
 * app bar's loading indicator, a saving button) are MUI progress indicators without a name, so a
 * screen reader announces a nameless progress bar (axe: aria-progressbar-name). This nested theme
 * gives every progress indicator below it the translated "Loading" by default; one that names
 * itself keeps its own name.
 */
export function ProgressLabels({ children }: { children: ReactNode }) {
  const label = useTranslate()('ra.page.loading');
  return <ThemeProvider theme={(outer: Theme) => withProgressLabel(outer, label)}>{children}</ThemeProvider>;
}

function withProgressLabel(outer: Theme, label: string): Theme {
  const components = outer.components ?? {};
  return {
    ...outer,
    components: {
      ...components,
      MuiCircularProgress: {
        ...components.MuiCircularProgress,
        defaultProps: { 'aria-label': label, ...components.MuiCircularProgress?.defaultProps },
      },
      MuiLinearProgress: {
        ...components.MuiLinearProgress,
        defaultProps: { 'aria-label': label, ...components.MuiLinearProgress?.defaultProps },
      },
    },
  };
}
