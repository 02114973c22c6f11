import type {ManagedRelease, Releases} from './schemas';
import {bullets, page, summary} from './markdown';
import {links} from '../../src/site';

/** Doc id of a managed release: v0.2.9 -> managed-datahub/release-notes/v_0_2_9. */
export const managedReleaseId = (version: string) => `managed-datahub/release-notes/${version.replace(/^v/, 'v_').replace(/\./g, '_')}`;

export function renderManagedRelease(release: ManagedRelease): string {
  return page(
    {title: `Release ${release.version}`, description: summary(release.summary), sidebar_label: release.version},
    'data/managed-releases.yaml',
    [
      release.summary.trim(),
      release.ossBase && `This release of the managed edition is based on open-source DataHub [${release.ossBase}](/docs/releases).`,
      ...release.sections.map((s) => `## ${s.heading}\n\n${bullets(s.items)}`),
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
