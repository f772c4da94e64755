import type { SxProps, Theme } from '@mui/material';
import { brand } from '../theme/palette';

/** A link or a section's button in the dark menu bar; `active` while it leads to the page shown. */
export const menuBarButtonSx = (active: boolean): SxProps<Theme> => ({
  color: brand.sidebarText,
  whiteSpace: 'nowrap',
  flexShrink: 0,
  bgcolor: active ? 'rgba(255,255,255,0.16)' : 'transparent',
  '&:hover': { bgcolor: 'rgba(255,255,255,0.24)' },
  '& .MuiButton-startIcon': { marginInlineStart: 0, marginInlineEnd: 1 },
  '& .MuiButton-endIcon': { marginInlineStart: 0.5, marginInlineEnd: 0 },
});
