import Link from '@docusaurus/Link';
import {docsAreas, type AreaIcon} from './areas';
import styles from './styles.module.css';

// 24x24 outline glyphs, drawn for this page.
const glyphs: Record<AreaIcon, string> = {
  rocket: 'M12 2c3 2 5 5.5 5 9.5V15l2 3h-4l-1 2h-4l-1-2H5l2-3v-3.5C7 7.5 9 4 12 2zm0 5.5a2 2 0 1 0 0 4 2 2 0 0 0 0-4z',
  plug: 'M9 2v5H7v4a5 5 0 0 0 4 4.9V22h2v-6.1A5 5 0 0 0 17 11V7h-2V2h-2v5h-2V2z',
  code: 'M8.6 6.6 7.2 5.2.4 12l6.8 6.8 1.4-1.4L3.2 12zm6.8 0 1.4-1.4 6.8 6.8-6.8 6.8-1.4-1.4 5.4-5.4z',
  server: 'M3 3h18v6H3zm0 8h18v6H3zM3 19h18v2H3zM6 5.5v1h2v-1zm0 8v1h2v-1z',
  map: 'M9 3 3 5v16l6-2 6 2 6-2V3l-6 2zm0 2.2 6 2v11.6l-6-2z',
  cloud: 'M6.5 19A4.5 4.5 0 0 1 6 10a6 6 0 0 1 11.6 1.5A3.8 3.8 0 0 1 17.5 19z',
};

/** Cards for the main areas of the docs, each linking to its entry page. */
export function DocsAreas() {
  return (
    <ul className={styles.grid}>
      {docsAreas.map((area) => (
        <li key={area.to} className={styles.card}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.icon}>
            <path d={glyphs[area.icon]} />
          </svg>
          <h3 className={styles.title}>
            <Link to={area.to} className={styles.link}>
              {area.title}
            </Link>
          </h3>
          <p className={styles.description}>{area.description}</p>
        </li>
      ))}
    </ul>
  );
}
