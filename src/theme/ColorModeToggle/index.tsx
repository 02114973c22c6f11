import {memo} from 'react';
import clsx from 'clsx';
import useIsBrowser from '@docusaurus/useIsBrowser';
import IconLightMode from '@theme/Icon/LightMode';
import IconDarkMode from '@theme/Icon/DarkMode';
import {colorModeLabels, type ColorModeName} from '@site/src/site';
import styles from './styles.module.css';

interface Props {
  className?: string;
  buttonClassName?: string;
  /** The mode the page shows now: the reader's choice, or the system preference until they choose. */
  value: ColorModeName;
  onChange: (mode: ColorModeName) => void;
}

/** A two-state colour toggle (spec §2: 'dark mode' / 'light mode'); no third "system" state. */
function ColorModeToggle({className, buttonClassName, value, onChange}: Props) {
  const isBrowser = useIsBrowser();
  const next: ColorModeName = value === 'dark' ? 'light' : 'dark';
  return (
    <div className={clsx(styles.toggle, className)}>
      <button
        className={clsx('clean-btn', styles.button, buttonClassName)}
        type="button"
        onClick={() => onChange(next)}
        disabled={!isBrowser}
        title={colorModeLabels[value]}
        aria-label={`Switch between dark and light mode (currently ${colorModeLabels[value]})`}>
        {/* Both icons render; the page's data-theme picks one, so the icon is right before React hydrates. */}
        <IconLightMode aria-hidden className={clsx(styles.icon, styles.lightIcon)} />
        <IconDarkMode aria-hidden className={clsx(styles.icon, styles.darkIcon)} />
      </button>
    </div>
  );
}

export default memo(ColorModeToggle);
