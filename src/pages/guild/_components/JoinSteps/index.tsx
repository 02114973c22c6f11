import Link from '@docusaurus/Link';
import {links, paths} from '@site/src/site';
import styles from './styles.module.css';

/** How to take part, step by step, with the places where it happens. */
export function JoinSteps({steps}: {steps: string[]}) {
  return (
    <div className={styles.layout}>
      <ol className={styles.steps}>
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <ul className={styles.places}>
        <li>
          <Link className="button button--primary" href={links.chat}>
            Join the community chat
          </Link>
        </li>
        <li>
          <Link className="button button--secondary" href={links.sourceRepository}>
            Open the source repository
          </Link>
        </li>
        <li>
          <Link to={paths.contributing}>Contributing guide</Link>
        </li>
        <li>
          <Link to={paths.codeOfConduct}>Code of conduct</Link>
        </li>
        <li>
          <Link to={paths.townhalls}>Community town halls</Link>
        </li>
      </ul>
    </div>
  );
}
