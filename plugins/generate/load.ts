import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type * as z from 'zod';
import {readRoutes, type DocRoute} from '../routes';
import {
  entitySchema, environmentVariablesSchema, integrationSchema, managedReleasesSchema, releasesSchema, sdkPageSchema,
  type Entity, type EnvironmentVariables, type Integration, type ManagedRelease, type Releases, type SdkPage,
} from './schemas';
import {loadEntityDocs, type EntityDocs} from './entity-reference';
import {DataFileError, describeIssue, parseDataText} from './parse-data';
import {REFERENCE_FILE, SHARED_OPTIONS_FILE, referenceSchema, sharedOptionsSchema, type OptionSources, type Reference} from './source-options';

export {DataFileError, parseDataText};

export const ENVIRONMENT_VARIABLES_FILE = 'data/environment-variables.yaml';

export interface SiteData {
  routes: DocRoute[];
  integrations: Integration[];
  /** The release's source options and the shared option descriptions, for the source pages' configuration tables. */
  sourceOptions: OptionSources;
  entities: Entity[];
  /** The release's entity registry and aspect records, with the site's aspect, field and relationship descriptions. */
  entityDocs: EntityDocs;
  schemaSdl: string;
  environmentVariables: EnvironmentVariables;
  managedReleases: ManagedRelease[];
  releases: Releases;
  sdkPages: Array<{slug: string; page: SdkPage}>;
}

export function readData<S extends z.ZodType>(siteDir: string, relative: string, schema: S): z.infer<S> {
  return parseDataText(relative, readFileSync(path.join(siteDir, relative), 'utf8'), schema);
}

/** Reads the release's source options (JSON, written by scripts/reference/extract_source_options.py). */
export function readSourceReference(siteDir: string): Reference {
  const parsed = referenceSchema.safeParse(JSON.parse(readFileSync(path.join(siteDir, REFERENCE_FILE), 'utf8')));
  if (!parsed.success) {
    throw new DataFileError(REFERENCE_FILE, parsed.error.issues.map((i) => `${describeIssue(i)} (regenerate it with scripts/reference/extract_source_options.py)`));
  }
  return parsed.data;
}

function yamlFiles(siteDir: string, dir: string): string[] {
  return readdirSync(path.join(siteDir, dir)).filter((f) => f.endsWith('.yaml')).sort().map((f) => `${dir}/${f}`);
}

/** Reads and validates every data file, including the checks that span files. */
export function loadSiteData(siteDir: string): SiteData {
  const routes = readRoutes(readFileSync(path.join(siteDir, 'data/routes.tsv'), 'utf8'));
  const routeSet = new Set(routes.map((r) => r.path));

  const integrations = yamlFiles(siteDir, 'data/integrations').map((file) => {
    const item = readData(siteDir, file, integrationSchema);
    const problems: string[] = [];
    if (path.basename(file, '.yaml') !== item.id) problems.push(`id: "${item.id}" must equal the file name`);
    const page = item.docPath ?? `/docs/generated/ingestion/sources/${item.id}`;
    if (!routeSet.has(page)) problems.push(`${item.docPath ? 'docPath' : 'id'}: ${page} is not a route of data/routes.tsv`);
    item.related.forEach((r, i) => {
      if (!routeSet.has(r)) problems.push(`related.${i}: ${r} is not a route of data/routes.tsv`);
    });
    if (problems.length) throw new DataFileError(file, problems);
    return item;
  });

  const entities = yamlFiles(siteDir, 'data/entities').map((file) => {
    const item = readData(siteDir, file, entitySchema);
    if (path.basename(file, '.yaml') !== item.name) throw new DataFileError(file, [`name: "${item.name}" must equal the file name`]);
    return item;
  });

  const managed = readData(siteDir, 'data/managed-releases.yaml', managedReleasesSchema);
  const releases = readData(siteDir, 'data/releases.yaml', releasesSchema);
  const sdkPages = yamlFiles(siteDir, 'data/python-sdk').map((file) => ({
    slug: path.basename(file, '.yaml'),
    page: readData(siteDir, file, sdkPageSchema),
  }));

  return {
    routes,
    integrations,
    sourceOptions: {reference: readSourceReference(siteDir), shared: readData(siteDir, SHARED_OPTIONS_FILE, sharedOptionsSchema).options},
    entities,
    entityDocs: loadEntityDocs(siteDir),
    schemaSdl: readFileSync(path.join(siteDir, 'data/schema.graphql'), 'utf8'),
    environmentVariables: readData(siteDir, ENVIRONMENT_VARIABLES_FILE, environmentVariablesSchema),
    managedReleases: managed.releases,
    releases,
    sdkPages,
  };
}
