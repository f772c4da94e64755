import type { ReactNode } from 'react';
import { Layout, Sidebar, useStore, type SidebarProps } from 'react-admin';
import { useIsPhone } from '../resources/shared/useIsPhone';
import { OfflineNotices } from '../offline/OfflineNotices';
import { brand } from '../theme/palette';
import { LAYOUT_STORE_KEY, type LayoutType } from './layoutType';
import { PortalAppBar } from './PortalAppBar';
import { ProgressLabels } from './ProgressLabels';
import { SideMenu, TopMenu } from './PortalMenu';
import { StartPageOnFirstLoad } from './StartPageOnFirstLoad';
import { TwoFactorEnrolmentGuard } from './TwoFactorEnrolmentGuard';

const NoSidebar = () => null;

/**
 * react-admin's sidebar in the portal's dark colours. The styles sit on the drawer itself: on a
 * phone it is a temporary drawer rendered outside the layout, where the layout's styles miss it.
 */
const PortalSidebar = (props: SidebarProps) => (
  <Sidebar
    {...props}
    sx={{
      '& .RaSidebar-paper, & .RaSidebar-fixed': { backgroundColor: brand.sidebar },
      '& .RaMenuItemLink-root, & .MuiListItemIcon-root': { color: brand.sidebarText },
      // react-admin gives the active entry the theme's text colour: near black on the dark paper.
      // Its rule (`.css-….RaMenuItemLink-active`) is inserted after ours with the same
      // specificity, so ours names both classes to win whatever the insertion order.
      '& .RaMenuItemLink-root.RaMenuItemLink-active, & .RaMenuItemLink-root.RaMenuItemLink-active .MuiListItemIcon-root': {
        backgroundColor: 'rgba(255,255,255,0.16)',
        color: brand.sidebarText,
      },
    }}
  />
);
const HorizontalAppBar = () => <PortalAppBar horizontal />;
const VerticalAppBar = () => <PortalAppBar horizontal={false} />;

/**
 * Horizontal (menu row under a light top bar) or vertical (dark sidebar), as the user prefers.
 * On a phone always the sidebar, which react-admin turns into a drawer opened by the top bar's
 * menu button: even the menu bar's sections would not fit one row there.
 */
export function PortalLayout({ children }: { children: ReactNode }) {
  const [layout] = useStore<LayoutType>(LAYOUT_STORE_KEY, 'horizontal');
  const isPhone = useIsPhone();
  const horizontal = layout === 'horizontal' && !isPhone;
  return (
    <ProgressLabels>
      <Layout
        appBar={horizontal ? HorizontalAppBar : VerticalAppBar}
        sidebar={horizontal ? NoSidebar : PortalSidebar}
        menu={SideMenu}
        sx={{
          // react-admin sizes the layout to fit its content; wide content (a table) scrolls in its
          // own box instead of widening the page.
          minWidth: 0,
          '& .RaLayout-appFrame': { minWidth: 0 },
          '& .RaLayout-content': { px: { xs: 1, sm: 2 }, pt: 2, minWidth: 0 },
        }}
      >
        <StartPageOnFirstLoad />
        <TwoFactorEnrolmentGuard />
        {horizontal && <TopMenu />}
        <OfflineNotices />
        {children}
      </Layout>
    </ProgressLabels>
  );
}
