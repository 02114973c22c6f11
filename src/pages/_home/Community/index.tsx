import Link from '@docusaurus/Link';
import {links, paths, product} from '@site/src/site';
import styles from './styles.module.css';

const channels = [
  {
    title: 'Community chat',
    text: 'Ask questions, share what you are building and get help from other practitioners and the maintainers.',
    href: links.chat,
    action: 'Join the chat',
  },
  {
    title: 'Video channel',
    text: 'Watch town halls, feature walkthroughs and talks from teams that run the platform.',
    href: links.videoChannel,
    action: 'Watch the videos',
  },
  {
    title: 'Source repository',
    text: 'Read the code, report an issue, or send a pull request for a fix, a connector or a docs page.',
    href: links.sourceRepository,
    action: 'Open the repository',
  },
] as const;

/** Where the community meets, and the guild that thanks its most active members. */
export function Community() {
  return (
    <section className={styles.section} aria-labelledby="community">
      <div className="container">
        <h2 id="community" className={styles.heading}>
          Built in the open, with its community
        </h2>
        <ul className={styles.grid}>
          {channels.map((channel) => (
            <li key={channel.href} className={styles.card}>
              <h3>{channel.title}</h3>
              <p>{channel.text}</p>
              <Link href={channel.href} className={styles.action}>
                {channel.action}
              </Link>
            </li>
          ))}
        </ul>
        <p className={styles.guild}>
          People who help others succeed with {product.name} are recognised in the{' '}
          <Link to={paths.guild}>community guild</Link>.
        </p>
      </div>
    </section>
  );
}
