import {useColorMode, useThemeConfig} from '@docusaurus/theme-common';
// Our two-state toggle, imported by path for its own props (the @theme alias is typed with the three-state ones).
import ColorModeToggle from '../../ColorModeToggle';

/** The navbar's colour toggle: shows the mode in effect and stores the reader's choice under `theme`. */
export default function NavbarColorModeToggle({className}: {className?: string}) {
  const {disableSwitch} = useThemeConfig().colorMode;
  const {colorMode, setColorMode} = useColorMode();
  if (disableSwitch) return null;
  return <ColorModeToggle className={className} value={colorMode} onChange={setColorMode} />;
}
