import { useState } from 'react';
import { NavLink } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RouteId } from '../routes/route-table';
import { menuHref } from './menu-href';
import { MENU_ICONS } from './menu-icons';
import type { MenuEntry } from './menu-model';

interface MenuLinkProps {
  entry: MenuEntry;
  accId: number | null;
  current: RouteId | null;
  // Items inside a group carry no icon, so they all line up under the group's label.
  nested?: boolean;
}

function contains(entry: MenuEntry, route: RouteId | null): boolean {
  return entry.route === route || entry.children.some((child) => contains(child, route));
}

export function MenuLink({ entry, accId, current, nested = false }: MenuLinkProps) {
  const { t } = useTranslation('menu');
  const Icon = nested ? undefined : MENU_ICONS[entry.key];
  const inside = contains(entry, current);
  // Groups start unfolded so every page is one click away; the user may fold them.
  const [opened, setOpened] = useState(true);
  // Arriving in a folded group from elsewhere (a tab, a banner link) unfolds it; adjusted while
  // rendering, as React recommends for state that follows a prop.
  const [wasInside, setWasInside] = useState(inside);
  if (inside !== wasInside) {
    setWasInside(inside);
    if (inside) setOpened(true);
  }

  const common = {
    label: t(`items.${entry.key}`),
    leftSection: Icon ? <Icon size={18} stroke={1.6} aria-hidden /> : undefined,
    'data-testid': `menu-item-${entry.key}`,
  };

  if (entry.children.length === 0) {
    return <NavLink {...common} component={Link} to={menuHref(entry.route, accId)} active={entry.route === current} />;
  }
  return (
    // A button, not an anchor without href, so the heading is reachable with Tab and toggles with Enter.
    <NavLink
      {...common}
      component="button"
      type="button"
      opened={opened}
      onChange={setOpened}
      active={inside && !opened}
      childrenOffset={28}
    >
      {entry.children.map((child) => (
        <MenuLink key={child.key} entry={child} accId={accId} current={current} nested />
      ))}
    </NavLink>
  );
}
