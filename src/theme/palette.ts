import type { ThemeOptions } from '@mui/material/styles';

/** The portal's colours, shared by the public pages and the back office (light top bar, dark sidebar). */
export const brand = {
  primary: '#1f5f8b',
  secondary: '#b0500f',
  sidebar: '#1e2a38',
  sidebarText: '#e8eef5',
};

/**
 * Status colours dark enough for WCAG AA (4.5:1) both as white text on a filled chip and as
 * coloured text on the page, the paper and a form toolbar (#e0e0e0 for error, where the delete
 * button sits). MUI's defaults (#ed6c02, #0288d1, #d32f2f) fail as chip backgrounds.
 */
export const statusColours = {
  warning: '#a84f00',
  info: '#01579b',
  error: '#b71c1c',
  success: '#1b5e20',
};

/**
 * A checkbox named by `aria-label` (react-admin's row checkboxes) gets the name on its input,
 * keeping any `inputProps` its caller gave (a default `slotProps.input` would replace them).
 */
type NamedOwner = { 'aria-label'?: string; inputProps?: Record<string, unknown> };
const checkboxSlotProps = {
  input: (ownerState: NamedOwner) => ({ ...ownerState.inputProps, 'aria-label': ownerState.inputProps?.['aria-label'] ?? ownerState['aria-label'] }),
  // The root is a plain span: a name there is not allowed (axe aria-prohibited-attr) and names nothing.
  root: () => ({ 'aria-label': undefined }),
};

export function themeOptions(direction: 'ltr' | 'rtl'): ThemeOptions {
  return {
    direction,
    palette: {
      mode: 'light',
      primary: { main: brand.primary },
      secondary: { main: brand.secondary },
      warning: { main: statusColours.warning },
      info: { main: statusColours.info },
      error: { main: statusColours.error },
      success: { main: statusColours.success },
      background: { default: '#f4f6f8' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: '"Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans Arabic", "Noto Sans SC", sans-serif',
    },
    components: {
      MuiCheckbox: { defaultProps: { slotProps: checkboxSlotProps as never } },
    },
  };
}
