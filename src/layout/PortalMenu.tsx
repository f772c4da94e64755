import { Box, Button } from '@mui/material';
import { useIsPhone } from '../resources/shared/useIsPhone';
import { BranchSelector } from './BranchSelector';
import { Menu, useTranslate } from 'react-admin';
import { NavLink, matchPath, useLocation } from 'react-router-dom';
import { useCore } from '../providers/useCore';
import { brand } from '../theme/palette';
import { menuFor } from './menuItems';

/** The vertical menu, in react-admin's dark sidebar; on a phone the menu drawer, with the branch on top. */
export function SideMenu() {
  const core = useCore();
  const translate = useTranslate();
  const isPhone = useIsPhone();
  if (!core) return null;
  return (
    <Menu>
      {isPhone && (
        <Box sx={{ bgcolor: 'background.paper', mx: 1, mb: 1, borderRadius: 1, '&:empty': { display: 'none' } }}>
          <BranchSelector />
        </Box>
      )}
      {menuFor(core).map((entry) => (
        <Menu.Item
          key={entry.label}
          to={entry.to}
          primaryText={translate(`app.menu.${entry.label}`)}
          leftIcon={<entry.icon />}
        />
      ))}
    </Menu>
  );
}

/** The horizontal menu (the default layout): one row of links under the top bar. */
export function TopMenu() {
  const core = useCore();
  const translate = useTranslate();
  const { pathname } = useLocation();
  if (!core) return null;
  return (
    <Box
      component="nav"
      aria-label={translate('app.title')}
      data-testid="top-menu"
      sx={{
        display: 'flex',
        gap: 0.5,
        overflowX: 'auto',
        px: 1,
        py: 0.5,
        mb: 2,
        bgcolor: brand.sidebar,
        borderRadius: 1,
      }}
    >
      {menuFor(core).map((entry) => {
        const active = entry.to === '/' ? pathname === '/' : !!matchPath({ path: entry.to, end: false }, pathname);
        return (
          <Button
            key={entry.label}
            component={NavLink}
            to={entry.to}
            startIcon={<entry.icon />}
            aria-current={active ? 'page' : undefined}
            sx={{
              color: brand.sidebarText,
              whiteSpace: 'nowrap',
              flexShrink: 0,
              bgcolor: active ? 'rgba(255,255,255,0.16)' : 'transparent',
              '&:hover': { bgcolor: 'rgba(255,255,255,0.24)' },
              '& .MuiButton-startIcon': { marginInlineStart: 0, marginInlineEnd: 1 },
            }}
          >
            {translate(`app.menu.${entry.label}`)}
          </Button>
        );
      })}
    </Box>
  );
}
