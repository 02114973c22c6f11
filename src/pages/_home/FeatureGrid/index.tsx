import Link from '@docusaurus/Link';
import {features} from './features';
import styles from './styles.module.css';

/** One card per capability, each linking to the doc pages that explain it. */
export function FeatureGrid() {
  return (
    <section className={styles.section} aria-labelledby="capabilities">
      <div className="container">
        <h2 id="capabilities" className={styles.heading}>
          Everything your team needs to trust its data
        </h2>
        <ul className={styles.grid}>
          {features.map((feature) => (
            <li key={feature.title} className={styles.card}>
              <h3 className={styles.title}>{feature.title}</h3>
              <p className={styles.text}>{feature.text}</p>
              <ul className={styles.links} aria-label={`${feature.title} docs`}>
                {feature.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
