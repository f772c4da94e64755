import { useId, useState, type KeyboardEvent } from 'react';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Button, ListItemIcon, ListItemText, Menu, MenuItem, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { NavLink } from 'react-router-dom';
import type { MenuEntry, MenuGroup } from './menuItems';
import { menuBarButtonSx } from './menuBarStyle';

/**
 * One section of the menu bar (Sales, Catalogue…): a menu button (WAI-ARIA APG's menu button
 * pattern) opening a menu of its entries' links. Enter, Space or the down arrow open it with the
 * focus on its first entry (on the current page's, when it is there); the arrows move, Escape
 * closes it and gives the focus back to the button. The button is marked while one of its
 * entries is the page shown, and carries its entries' counts (the member requests waiting).
 */
export function MenuSection({ section, isActive }: { section: MenuGroup; isActive: (entry: MenuEntry) => boolean }) {
  const translate = useTranslate();
  const rtl = useTheme().direction === 'rtl';
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const buttonId = `${id}-button`;
  const menuId = `${id}-menu`;
  const open = anchor !== null;
  const active = section.entries.some(isActive);
  const close = () => setAnchor(null);
  const openOnArrow = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    setAnchor(event.currentTarget);
  };
  // Popover places itself by its own left/top, which the RTL stylesheet does not mirror.
  const side = rtl ? 'right' : 'left';
  return (
    <>
      <Button
        id={buttonId}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        onKeyDown={openOnArrow}
        endIcon={<ExpandMoreIcon />}
        data-active={active || undefined}
        sx={menuBarButtonSx(active)}
      >
        {translate(`app.menu_group.${section.group}`)}
        {section.entries.map((entry) => entry.count && <entry.count key={entry.label} />)}
      </Button>
      <Menu
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: side }}
        transformOrigin={{ vertical: 'top', horizontal: side }}
        slotProps={{ list: { id: menuId, 'aria-labelledby': buttonId } }}
      >
        {section.entries.map((entry) => (
          <MenuItem key={entry.label} component={NavLink} to={entry.to} selected={isActive(entry)} onClick={close}>
            <ListItemIcon>
              <entry.icon />
            </ListItemIcon>
            <ListItemText>{translate(`app.menu.${entry.label}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
