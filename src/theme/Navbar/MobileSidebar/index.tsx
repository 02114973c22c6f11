// Swizzled (wrap): the theme renders the mobile menu, with the whole doc sidebar inside it, as soon as a phone-sized
// page has hydrated, although the menu stays closed until the reader opens it. Rendering it the first time it opens
// takes that work out of the page load; once rendered it stays, so it keeps its state and its closing transition.
import {useState, type ReactNode} from 'react';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import NavbarMobileSidebar from '@theme-original/Navbar/MobileSidebar';

export default function NavbarMobileSidebarOnceOpened(): ReactNode {
  const {shown} = useNavbarMobileSidebar();
  const [opened, setOpened] = useState(shown);
  // Adjusting state while rendering (not in an effect): the menu renders in the same pass that opens it.
  if (shown && !opened) setOpened(true);
  return opened ? <NavbarMobileSidebar /> : null;
}
