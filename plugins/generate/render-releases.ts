import type {ManagedRelease, Releases} from './schemas';
import {bullets, factsTable, codeBlock, page, summary, table} from './markdown';
import {links} from '../../src/site';

/** Doc id of a managed release: v0.2.9 -> managed-datahub/release-notes/v_0_2_9. */
export const managedReleaseId = (version: string) => `managed-datahub/release-notes/${version.replace(/^v/, 'v_').replace(/\./g, '_')}`;

export function renderManagedRelease(release: ManagedRelease): string {
  return page(
    {title: `Release ${release.version}`, description: summary(release.summary), sidebar_label: release.version},
    'data/managed-releases.yaml',
    [
      release.summary.trim(),
      factsTable([
        ['Release', release.version],
        ['Open-source base', release.ossBase ? `[${release.ossBase}](/docs/releases)` : 'not published for this release'],
        ['Changes', release.sections.map((s) => `${s.heading} (${s.items.length})`).join(', ')],
      ]),
      ...release.sections.map((s) => `## ${s.heading}\n\n${bullets(s.items)}`),
      '## Check your client version',
      release.recommendedCli
        ? `The managed server is upgraded for you; the CLI and Python SDK that push metadata are yours to upgrade. These notes recommend ${release.recommendedCli}; check the installed version and install that one with:`
        : 'The managed server is upgraded for you; the CLI and Python SDK that push metadata are yours to upgrade. These notes name no recommended CLI version; check the one you have with:',
      codeBlock('shell', release.recommendedCli
        ? `datahub version\npip install --upgrade 'acryl-datahub==${release.recommendedCli.replace(/^v/, '')}'`
        : 'datahub version'),
      '## Related pages',
      bullets(['[Managed DataHub overview](/docs/managed-datahub/managed-datahub-overview)', '[Updating DataHub](/docs/how/updating-datahub)']),
    ],
  );
}

export function renderReleases(data: Releases): string {
  return page(
    {title: 'Releases', description: 'Open-source DataHub releases: highlights and upgrade notes for each version.'},
    'data/releases.yaml',
    [
      data.intro.trim(),
      table(['Version', 'Released', 'Upgrade notes'], data.releases.map((r) => [
        `[${r.version}](#${r.version.replace(/\./g, '')})`, r.date ?? '—', r.upgradeNotes.length ? `${r.upgradeNotes.length}` : 'none',
      ])),
      'Install or upgrade the CLI to a given release with pip:',
      codeBlock('shell', `pip install --upgrade 'acryl-datahub==${data.releases[0].version.replace(/^v/, '')}'\ndatahub version`),
      ...data.releases.map((r) => [
        `## ${r.version}`,
        r.date && `Released ${r.date}. [Release on GitHub](${links.sourceRepository}/releases/tag/${r.version})`,
        !r.date && `[Release on GitHub](${links.sourceRepository}/releases/tag/${r.version})`,
        bullets(r.highlights),
        r.upgradeNotes.length > 0 && `**Upgrade notes**\n\n${bullets(r.upgradeNotes)}`,
      ].filter(Boolean).join('\n\n')),
      '## Related pages',
      bullets(['[Updating DataHub](/docs/how/updating-datahub)', '[Managed DataHub release notes](/docs/managed-datahub/managed-datahub-overview)']),
    ],
  );
}
