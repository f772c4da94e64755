import { Box, Button } from '@mui/material';
import { useIsPhone } from '../resources/shared/useIsPhone';
import { BranchSelector } from './BranchSelector';
import { Menu, useTranslate } from 'react-admin';
import { NavLink, matchPath, useLocation } from 'react-router-dom';
import { useCore } from '../providers/useCore';
import { brand } from '../theme/palette';
import { menuBarButtonSx } from './menuBarStyle';
import { isMenuGroup, menuFor, menuTreeFor, type MenuEntry } from './menuItems';
import { MenuSection } from './MenuSection';

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

/**
 * The horizontal menu (the default layout): one row under the top bar. A role's entries of one
 * section (Sales, Catalogue…) sit behind that section's menu button, so the row fits a 1280 px
 * screen with every entry one click away; it wraps rather than scroll sideways should a
 * language's words not fit.
 */
export function TopMenu() {
  const core = useCore();
  const translate = useTranslate();
  const { pathname } = useLocation();
  if (!core) return null;
  const isActive = (entry: MenuEntry) => (entry.to === '/' ? pathname === '/' : !!matchPath({ path: entry.to, end: false }, pathname));
  return (
    <Box
      component="nav"
      aria-label={translate('app.title')}
      data-testid="top-menu"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 0.5,
        px: 1,
        py: 0.5,
        mb: 2,
        bgcolor: brand.sidebar,
        borderRadius: 1,
      }}
    >
      {menuTreeFor(core).map((node) =>
        isMenuGroup(node) ? (
          <MenuSection key={node.group} section={node} isActive={isActive} />
        ) : (
          <Button
            key={node.label}
            component={NavLink}
            to={node.to}
            startIcon={<node.icon />}
            aria-current={isActive(node) ? 'page' : undefined}
            sx={menuBarButtonSx(isActive(node))}
          >
            {translate(`app.menu.${node.label}`)}
          </Button>
        ),
      )}
    </Box>
  );
}
