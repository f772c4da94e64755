import { useMediaQuery, type Theme } from '@mui/material';

/**
 * Below MUI's `sm` breakpoint (600 px): a phone held upright. The same test react-admin's own
 * layout uses to turn its sidebar into a temporary drawer, so lists and menu switch together.
 * `noSsr` answers on the first render: a phone never draws the wide table first.
 */
export function useIsPhone(): boolean {
  return useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
}
