import type {CSSProperties} from 'react';
import clsx from 'clsx';
import type {IntegrationLogo as Logo} from '@site/plugins/page-data/types';
import styles from './styles.module.css';

interface Props {
  logo: Logo;
  /** Edge of the square tile, in px. */
  size?: number;
  className?: string;
}

/**
 * An integration's logo tile, resolved at build time. Decorative: it always
 * sits beside the integration's name, so it is hidden from assistive tech.
 */
export function IntegrationLogo({logo, size = 40, className}: Props) {
  // Custom properties carry the size and colours into the stylesheet.
  const vars: Record<string, string> = {'--logo-size': `${size}px`};
  if (logo.kind === 'mark') {
    vars['--mark-letters'] = String(logo.letters.length);
    return (
      <span className={clsx(styles.tile, styles.mark, className)} style={vars as CSSProperties} aria-hidden="true">
        {logo.letters}
      </span>
    );
  }
  // Brand colours that would vanish on a mode's background are null and fall back to the text colour in CSS.
  if (logo.colors.light) vars['--logo-light'] = logo.colors.light;
  if (logo.colors.dark) vars['--logo-dark'] = logo.colors.dark;
  return (
    <span className={clsx(styles.tile, styles.icon, className)} style={vars as CSSProperties} aria-hidden="true">
      <svg viewBox="0 0 24 24" focusable="false">
        <path d={logo.path} fill="currentColor" />
      </svg>
    </span>
  );
}
