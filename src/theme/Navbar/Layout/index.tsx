import type {ComponentProps, ReactNode} from 'react';
import clsx from 'clsx';
import {ThemeClassNames, useThemeConfig} from '@docusaurus/theme-common';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import {translate} from '@docusaurus/Translate';
import NavbarMobileSidebar from '@theme/Navbar/MobileSidebar';
import {useHideOnScroll} from './use-hide-on-scroll';
import styles from './styles.module.css';

function NavbarBackdrop(props: ComponentProps<'div'>) {
  return <div role="presentation" {...props} className={clsx('navbar-sidebar__backdrop', props.className)} />;
}

/** The fixed navbar: Docusaurus's layout with our hide-on-scroll rule (use-hide-on-scroll.ts). */
export default function NavbarLayout({children}: {children: ReactNode}) {
  const {navbar: {hideOnScroll, style}} = useThemeConfig();
  const mobileSidebar = useNavbarMobileSidebar();
  const {navbarRef, visible} = useHideOnScroll(hideOnScroll);
  return (
    <nav
      ref={navbarRef}
      aria-label={translate({id: 'theme.NavBar.navAriaLabel', message: 'Main', description: 'The ARIA label for the main navigation'})}
      className={clsx(
        ThemeClassNames.layout.navbar.container,
        'navbar',
        'navbar--fixed-top',
        hideOnScroll && [styles.hideable, !visible && styles.hidden],
        {
          'navbar--dark': style === 'dark',
          'navbar--primary': style === 'primary',
          'navbar-sidebar--show': mobileSidebar.shown,
        },
      )}>
      {children}
      <NavbarBackdrop onClick={mobileSidebar.toggle} />
      <NavbarMobileSidebar />
    </nav>
  );
}
