import type { ReactNode } from 'react';
import { Layout, useStore } from 'react-admin';
import { brand } from '../theme/palette';
import { LAYOUT_STORE_KEY, type LayoutType } from './layoutType';
import { PortalAppBar } from './PortalAppBar';
import { SideMenu, TopMenu } from './PortalMenu';
import { StartPageOnFirstLoad } from './StartPageOnFirstLoad';

const NoSidebar = () => null;
const HorizontalAppBar = () => <PortalAppBar horizontal />;
const VerticalAppBar = () => <PortalAppBar horizontal={false} />;

/** Horizontal (menu row under a light top bar) or vertical (dark sidebar), as the user prefers. */
export function PortalLayout({ children }: { children: ReactNode }) {
  const [layout] = useStore<LayoutType>(LAYOUT_STORE_KEY, 'horizontal');
  const horizontal = layout === 'horizontal';
  return (
    <Layout
      appBar={horizontal ? HorizontalAppBar : VerticalAppBar}
      sidebar={horizontal ? NoSidebar : undefined}
      menu={SideMenu}
      sx={{
        // react-admin sizes the layout to fit its content; we let the horizontal menu scroll instead.
        minWidth: 0,
        '& .RaLayout-appFrame': { minWidth: 0 },
        // minWidth 0 lets the horizontal menu scroll instead of widening the page.
        '& .RaLayout-content': { px: { xs: 1, sm: 2 }, pt: 2, minWidth: 0 },
        '& .RaSidebar-paper, & .RaSidebar-fixed': { backgroundColor: brand.sidebar },
        '& .RaSidebar-fixed .RaMenuItemLink-root, & .RaSidebar-fixed .MuiListItemIcon-root': { color: brand.sidebarText },
        '& .RaSidebar-fixed .RaMenuItemLink-active': { backgroundColor: 'rgba(255,255,255,0.16)' },
      }}
    >
      <StartPageOnFirstLoad />
      {horizontal && <TopMenu />}
      {children}
    </Layout>
  );
}
