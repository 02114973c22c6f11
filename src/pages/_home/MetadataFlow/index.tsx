import clsx from 'clsx';
import styles from './styles.module.css';

interface Stage {
  title: string;
  text: string;
  tone: 'geekblue' | 'cyan' | 'purple' | 'green';
  glyph: string;
}

// 24x24 glyphs drawn for the diagram; colours come from the palette variables, so both modes work.
const stages: Stage[] = [
  {
    title: 'Sources',
    text: 'Warehouses, lakes, databases, BI tools, pipelines and ML platforms.',
    tone: 'geekblue',
    glyph: 'M12 2C7 2 4 3.6 4 5.5v13C4 20.4 7 22 12 22s8-1.6 8-3.5v-13C20 3.6 17 2 12 2zm0 2c3.9 0 6 1.1 6 1.5S15.9 7 12 7 6 5.9 6 5.5 8.1 4 12 4zm-6 4c1.5.7 3.6 1 6 1s4.5-.3 6-1v3.5c0 .4-2.1 1.5-6 1.5s-6-1.1-6-1.5zm0 6c1.5.7 3.6 1 6 1s4.5-.3 6-1v4.5c0 .4-2.1 1.5-6 1.5s-6-1.1-6-1.5z',
  },
  {
    title: 'Ingestion',
    text: 'Scheduled recipes pull metadata; pipelines push changes as they happen.',
    tone: 'cyan',
    glyph: 'M4 4h10v2H6v12h8v2H4zm12.6 3.4L21.2 12l-4.6 4.6-1.4-1.4 2.2-2.2H9v-2h8.4l-2.2-2.2z',
  },
  {
    title: 'Metadata graph',
    text: 'Datasets, dashboards, jobs, people and terms, linked with their history.',
    tone: 'purple',
    glyph: 'M3 12a3 3 0 1 0 6 0a3 3 0 1 0-6 0zM15 5a3 3 0 1 0 6 0a3 3 0 1 0-6 0zM15 19a3 3 0 1 0 6 0a3 3 0 1 0-6 0zM6.45 12.78 18.45 5.78 17.55 4.22 5.55 11.22zM5.55 12.78 17.55 19.78 18.45 18.22 6.45 11.22z',
  },
  {
    title: 'Discovery, lineage, governance',
    text: 'Search and trust data, trace impact, and manage it with domains and owners.',
    tone: 'green',
    glyph: 'M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5zm-1.2 14.2-3.5-3.5 1.4-1.4 2.1 2.1 4.9-4.9 1.4 1.4z',
  },
];

/** The hero diagram: how metadata moves from sources to the people who use it. */
export function MetadataFlow() {
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>How metadata flows through the platform</figcaption>
      <ol className={styles.flow}>
        {stages.map((stage) => (
          <li key={stage.title} className={clsx(styles.stage, styles[stage.tone])}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.glyph}>
              <path d={stage.glyph} />
            </svg>
            <span className={styles.title}>{stage.title}</span>
            <span className={styles.text}>{stage.text}</span>
          </li>
        ))}
      </ol>
    </figure>
  );
}
