import type { ThemeOptions } from '@mui/material/styles';

/** The portal's colours, shared by the public pages and the back office (light top bar, dark sidebar). */
export const brand = {
  primary: '#1f5f8b',
  secondary: '#c2571a',
  sidebar: '#1e2a38',
  sidebarText: '#e8eef5',
};

export function themeOptions(direction: 'ltr' | 'rtl'): ThemeOptions {
  return {
    direction,
    palette: {
      mode: 'light',
      primary: { main: brand.primary },
      secondary: { main: brand.secondary },
      background: { default: '#f4f6f8' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: '"Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans Arabic", "Noto Sans SC", sans-serif',
    },
  };
}
