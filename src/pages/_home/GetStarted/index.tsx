import Link from '@docusaurus/Link';
import {CopyCommand} from '@site/src/components/CopyCommand';
import {paths, product, quickstartCommands} from '@site/src/site';
import styles from './styles.module.css';

/** The quickstart's first three commands, each with a copy button. */
export function GetStarted() {
  return (
    <section className={styles.section} aria-labelledby="get-started">
      <div className="container">
        <div className={styles.layout}>
          <div className={styles.intro}>
            <h2 id="get-started">Up and running in three commands</h2>
            <p>
              Try {product.name} on your own machine before you connect anything real. You need Python 3.8 or newer
              and Docker with about 8 GB of memory to spare.
            </p>
            <p>
              When the last command finishes, open <code>http://localhost:9002</code> and sign in with the default
              user <code>datahub</code> and password <code>datahub</code>.
            </p>
            <Link to={paths.quickstart} className={styles.guideLink}>Read the full quickstart guide</Link>
          </div>
          <ol className={styles.steps}>
            {quickstartCommands.map((step) => (
              <li key={step.command} className={styles.step}>
                <p className={styles.purpose}>{step.purpose}</p>
                <CopyCommand command={step.command} />
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
