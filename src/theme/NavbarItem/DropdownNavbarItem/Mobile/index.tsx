// Swizzled (eject): the theme opens a dropdown of the mobile menu when it holds the current page, so Versions opened
// expanded (its "Next" item links the page) and Languages collapsed (its items are full URLs). One rule for both:
// every dropdown opens collapsed, and the reader expands the one they need.
import type {MouseEvent, ReactNode} from 'react';
import clsx from 'clsx';
import {Collapsible, useCollapsible} from '@docusaurus/theme-common';
import {translate} from '@docusaurus/Translate';
import NavbarNavLink from '@theme/NavbarItem/NavbarNavLink';
import NavbarItem from '@theme/NavbarItem';
import type {Props} from '@theme/NavbarItem/DropdownNavbarItem/Mobile';

function CollapseButton({collapsed, onClick}: {collapsed: boolean; onClick: (event: MouseEvent) => void}) {
  return (
    <button
      aria-label={
        collapsed
          ? translate({id: 'theme.navbar.mobileDropdown.collapseButton.expandAriaLabel', message: 'Expand the dropdown'})
          : translate({id: 'theme.navbar.mobileDropdown.collapseButton.collapseAriaLabel', message: 'Collapse the dropdown'})
      }
      aria-expanded={!collapsed}
      type="button"
      className="clean-btn menu__caret"
      onClick={onClick}
    />
  );
}

export default function DropdownNavbarItemMobile({items, className, position: _position, onClick, ...props}: Props): ReactNode {
  const {collapsed, toggleCollapsed} = useCollapsible({initialState: true});
  // "#" keeps the label focusable when the dropdown has no page of its own.
  const href = props.to ? undefined : '#';
  return (
    <li className={clsx('menu__list-item', {'menu__list-item--collapsed': collapsed})}>
      <div className="menu__list-item-collapsible">
        <NavbarNavLink
          role="button"
          className={clsx('menu__link menu__link--sublist', className)}
          style={{cursor: 'pointer'}}
          href={href}
          {...props}
          onClick={(event: MouseEvent) => {
            if (href === '#') event.preventDefault();
            toggleCollapsed();
          }}>
          {props.children ?? props.label}
        </NavbarNavLink>
        <CollapseButton
          collapsed={collapsed}
          onClick={(event) => {
            event.preventDefault();
            toggleCollapsed();
          }}
        />
      </div>
      <Collapsible lazy as="ul" className="menu__list" collapsed={collapsed}>
        {items.map((childItemProps, i) => (
          <NavbarItem mobile isDropdownItem onClick={onClick} activeClassName="menu__link--active" {...childItemProps} key={i} />
        ))}
      </Collapsible>
    </li>
  );
}
