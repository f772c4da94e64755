import LogoutIcon from '@mui/icons-material/ExitToApp';
import SecurityIcon from '@mui/icons-material/Security';
import ViewQuiltIcon from '@mui/icons-material/ViewQuilt';
import { Link } from 'react-router-dom';
import { PROFILE_PATH } from '../routes';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { AppBar, LoadingIndicator, LocalesMenuButton, TitlePortal, UserMenu, useGetIdentity, useLogout, useStore, useTranslate, useUserMenu } from 'react-admin';
import { useIsPhone } from '../resources/shared/useIsPhone';
import { BranchSelector } from './BranchSelector';
import { LAYOUT_STORE_KEY, type LayoutType } from './layoutType';

function LayoutToggle() {
  const translate = useTranslate();
  const [layout, setLayout] = useStore<LayoutType>(LAYOUT_STORE_KEY, 'horizontal');
  const menu = useUserMenu();
  const next: LayoutType = layout === 'horizontal' ? 'vertical' : 'horizontal';
  return (
    <MenuItem
      onClick={() => {
        setLayout(next);
        menu?.onClose();
      }}
    >
      <ListItemIcon>
        <ViewQuiltIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate(`app.layout.${next}`)}</ListItemText>
    </MenuItem>
  );
}

/** The user's own account page: two-factor sign-in and sessions. */
function Profile() {
  const translate = useTranslate();
  const menu = useUserMenu();
  return (
    <MenuItem component={Link} to={PROFILE_PATH} onClick={() => menu?.onClose()}>
      <ListItemIcon>
        <SecurityIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.menu.profile')}</ListItemText>
    </MenuItem>
  );
}

/** Signing out on purpose: back to /login without a redirectFrom (see authProvider.logout). */
function SignOut() {
  const translate = useTranslate();
  const logout = useLogout();
  return (
    <MenuItem onClick={() => logout({ reason: 'user' })} data-testid="sign-out">
      <ListItemIcon>
        <LogoutIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('ra.auth.logout')}</ListItemText>
    </MenuItem>
  );
}

/**
 * react-admin's user menu shows the user's name on its button but names the button "Profile":
 * a speech-input user says what they see (WCAG 2.5.3, label in name). Its name holds the name.
 */
function PortalUserMenu() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const label = identity?.fullName ? translate('app.user_menu', { name: identity.fullName }) : 'ra.auth.user_menu';
  return (
    <UserMenu label={label}>
      <Profile />
      <LayoutToggle />
      <SignOut />
    </UserMenu>
  );
}

/**
 * The light top bar: page title, branch, language, loading indicator and the user menu. On a
 * phone the branch moves into the menu drawer, so the bar fits 390 px with its user menu.
 */
export function PortalAppBar({ horizontal }: { horizontal: boolean }) {
  const isPhone = useIsPhone();
  return (
    <AppBar
      color="default"
      sx={horizontal ? { '& .RaAppBar-menuButton': { display: 'none' } } : undefined}
      toolbar={
        <>
          {!isPhone && <BranchSelector />}
          <LocalesMenuButton />
          <LoadingIndicator />
        </>
      }
      userMenu={<PortalUserMenu />}
    >
      {/* A long title gives way to the buttons instead of running under them. */}
      <TitlePortal variant="h6" noWrap sx={{ minWidth: 0 }} />
    </AppBar>
  );
}
