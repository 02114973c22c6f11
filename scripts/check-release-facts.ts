/**
 * Release-facts check: what the pages say about building and running DataHub matches the release the site documents.
 * - every Java/JDK and Python version stated in docs/ or data/ is the one of data/reference/build-facts.yaml, or a
 *   later release's version there on a line that names that release;
 * - every Gradle task a page runs (`./gradlew :docker:debugReload`, a `quickstartDebug` task) exists in the release's
 *   build (data/reference/build-v0.10.5.json, or a task Gradle's plugins add, PLUGIN_TASKS);
 * - every DataHub Docker image a page names (`linkedin/…`, `acryldata/…`) is one the release's Compose files, workflows
 *   or Gradle build use, and a `:debug` image is one its debug build tags.
 * `npx tsx scripts/check-release-facts.ts` prints every problem; scripts/check-release-facts.test.ts runs it in `npm test`.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import {parseDataText} from '../plugins/generate/load';

export const FACTS_FILE = 'data/reference/build-facts.yaml';
export const BUILD_FILE = 'data/reference/build-v0.10.5.json';

const laterSchema = z.array(z.strictObject({version: z.union([z.string(), z.number()]).transform(String), release: z.string().regex(/^v\d+\.\d+\.\d+$/), source: z.string()})).default([]);
const factsSchema = z.strictObject({
  release: z.string(),
  java: z.strictObject({build: z.number().int(), source: z.string(), later: laterSchema}),
  python: z.strictObject({minimum: z.string().regex(/^3\.\d+$/), source: z.string(), later: laterSchema}),
});
export type BuildFacts = z.infer<typeof factsSchema>;

const buildSchema = z.strictObject({
  release: z.string(),
  commit: z.string(),
  derivedBy: z.string(),
  projects: z.array(z.string()),
  tasks: z.record(z.string(), z.array(z.string())),
  /** Example projects with their own settings.gradle and wrapper, by folder, with their tasks. */
  standaloneBuilds: z.record(z.string(), z.array(z.string())),
  images: z.array(z.string()),
  debugImages: z.array(z.string()),
});
export type ReleaseBuild = z.infer<typeof buildSchema>;

/**
 * Tasks Gradle and the plugins of the release's build add to its projects, which its build files do not spell out:
 * Gradle itself (help tasks), `java`/`base` (build lifecycle), `checkstyle` (applied to every subproject), `maven`
 * (install), `war` (metadata-service:war), `distribution` and the Play plugin (datahub-frontend's dist), `idea` and
 * `eclipse` (applied to every subproject).
 */
export const PLUGIN_TASKS = new Set([
  'tasks', 'help', 'projects', 'properties', 'dependencies', 'dependencyInsight', 'wrapper',
  'build', 'assemble', 'check', 'clean', 'test', 'jar', 'javadoc', 'classes', 'testClasses', 'compileJava', 'compileTestJava',
  'processResources', 'buildDependents', 'buildNeeded',
  'checkstyleMain', 'checkstyleTest', 'install', 'publishToMavenLocal', 'war', 'dist', 'distZip', 'distTar',
  'installDist', 'runPlayBinary', 'idea', 'eclipse',
  // The Spring Boot plugin (the consumer jobs, datahub-upgrade) and the Pegasus plugin (metadata-models and the other
  // PDL projects).
  'bootRun', 'bootJar', 'generateDataTemplate', 'checkRestModel', 'generateAvroSchema',
]);

/** The first line of every page plugins/generate writes. */
export const GENERATED_MARKER = '<!-- Generated from ';

/** A file's text, or null when it went away between listing and reading (a build regenerating pages). */
export function readIfPresent(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export interface FactProblem {
  file: string;
  line: number;
  message: string;
}

/** Every page and data file the check reads: hand-written docs and the data files, not the reference itself. */
function textFiles(siteDir: string): string[] {
  const under = (dir: string, pattern: RegExp) =>
    (readdirSync(path.join(siteDir, dir), {recursive: true}) as string[]).filter((f) => pattern.test(f)).map((f) => `${dir}/${f.split(path.sep).join('/')}`);
  return [...under('docs', /\.mdx?$/), ...under('data', /\.(ya?ml|tsv)$/).filter((f) => !f.startsWith('data/reference/'))].sort();
}

const JAVA_VERSION = /\b(?:JDK|Java|OpenJDK)[ @-]?(\d{1,2})\b|\bopenjdk[@-](\d{1,2})\b|\bjava-(\d{1,2})-openjdk\b/gi;
const PYTHON_VERSION = /\bPython ?(3\.\d{1,2})\b/gi;

/** Version problems of one file's text. */
export function checkVersions(file: string, text: string, facts: BuildFacts): FactProblem[] {
  const problems: FactProblem[] = [];
  text.split('\n').forEach((line, i) => {
    const judge = (kind: 'Java' | 'Python', version: string, current: string, later: BuildFacts['java']['later']) => {
      if (version === current) return;
      const after = later.find((l) => l.version === version);
      if (after && line.includes(after.release)) return;
      const hint = after ? `it arrived in ${after.release}: name that release on the line, or state ${kind} ${current}` : `state ${kind} ${current}`;
      problems.push({file, line: i + 1, message: `states ${kind} ${version}; ${facts.release} ${kind === 'Java' ? 'builds with JDK' : 'needs Python'} ${current} (${FACTS_FILE}): ${hint}`});
    };
    for (const match of line.matchAll(JAVA_VERSION)) judge('Java', match[1] ?? match[2] ?? match[3], String(facts.java.build), facts.java.later);
    for (const match of line.matchAll(PYTHON_VERSION)) judge('Python', match[1], facts.python.minimum, facts.python.later);
  });
  return problems;
}

/** The Gradle task arguments of a command line: `./gradlew :a:b -x check quickstartDebug` → [`:a:b`, `quickstartDebug`]. */
export function gradleTasksOf(line: string): string[] {
  const tasks: string[] = [];
  for (const match of line.matchAll(/(?:^|[\s`(])(?:\.\.?\/)*gradlew((?:[ \t]+[^\s`|;&)]+)+)/g)) {
    const words = match[1].trim().split(/\s+/);
    for (let i = 0; i < words.length; i++) {
      const word = words[i];
      if (word === '\\' || word === '#' || word.startsWith('#')) break;
      if (word.startsWith('-')) {
        if (word === '-x' || word === '--exclude-task') tasks.push(words[++i] ?? '');
        else if (['-p', '--project-dir', '-b', '--build-file', '-c', '-I', '--init-script'].includes(word)) i++;
        continue;
      }
      // `:<module>:checkstyleMain` is a pattern for the reader to fill in, not a task.
      if (/^[\w:-]+$/.test(word)) tasks.push(word);
    }
  }
  return tasks.filter(Boolean);
}

/** Task names a sentence calls a task in a code span: "the `reloadEnv` task", "task `quickstartDebug`". */
export function namedTasksOf(line: string): string[] {
  const found = [...line.matchAll(/`(:?[A-Za-z][\w:-]*)`\s+(?:Gradle\s+)?task\b/g), ...line.matchAll(/\b(?:Gradle\s+)?task\s+`(:?[A-Za-z][\w:-]*)`/g)].map((m) => m[1]);
  // A code span that is itself a project-qualified task path.
  found.push(...[...line.matchAll(/`(:[a-z][\w-]*(?::[\w-]+)+)`/g)].map((m) => m[1]));
  return found;
}

/** Why a task path does not exist in the release, or null when it does. */
export function taskProblem(task: string, build: ReleaseBuild): string | null {
  const parts = task.split(':');
  const name = parts.pop() ?? '';
  const custom = (project: string) => build.tasks[project]?.includes(name) ?? false;
  if (!task.includes(':')) {
    if (PLUGIN_TASKS.has(name) || Object.keys(build.tasks).some(custom)) return null;
    if (Object.values(build.standaloneBuilds).some((tasks) => tasks.includes(name))) return null;
    return `Gradle task "${name}" is not defined by any project of ${build.release}`;
  }
  const project = parts.join(':') || ':';
  if (!build.projects.includes(project)) return `Gradle project "${project}" (in "${task}") does not exist in ${build.release}`;
  if (PLUGIN_TASKS.has(name) || custom(project)) return null;
  return `Gradle task "${task}" does not exist in ${build.release} (${project} defines ${(build.tasks[project] ?? []).join(', ') || 'only plugin tasks'})`;
}

/** DataHub image references of a line (`linkedin/datahub-gms:debug`), not GitHub or other web addresses. */
export function imagesOf(line: string): Array<{name: string; tag?: string}> {
  const found: Array<{name: string; tag?: string}> = [];
  for (const match of line.matchAll(/(^|[^\w./-]|hub\.docker\.com\/r\/)((?:linkedin|acryldata)\/[a-z0-9][a-z0-9._-]*)(?::([\w.-]+))?/g)) {
    const name = match[2].replace(/[.-]+$/, '');
    found.push({name, tag: match[3]});
  }
  return found;
}

export function checkBuildReferences(file: string, text: string, build: ReleaseBuild): FactProblem[] {
  const problems: FactProblem[] = [];
  const runsGradle = /gradlew/.test(text);
  text.split('\n').forEach((line, i) => {
    // "the `x` task" means a Gradle task only on a page that runs Gradle (elsewhere it can be a pipeline's task).
    const named = runsGradle ? namedTasksOf(line) : [];
    for (const task of new Set([...gradleTasksOf(line), ...named])) {
      const problem = taskProblem(task, build);
      if (problem) problems.push({file, line: i + 1, message: `${problem} (${BUILD_FILE})`});
    }
    for (const image of imagesOf(line)) {
      if (!build.images.includes(image.name)) {
        problems.push({file, line: i + 1, message: `Docker image ${image.name} is not an image of ${build.release} (${BUILD_FILE} lists ${build.images.length})`});
      } else if (image.tag === 'debug' && !build.debugImages.includes(image.name)) {
        problems.push({file, line: i + 1, message: `${image.name}:debug is not built by ${build.release}'s debug build; its debug images are ${build.debugImages.join(', ')}`});
      }
    }
  });
  return problems;
}

export function readFacts(siteDir: string): {facts: BuildFacts; build: ReleaseBuild} {
  const facts = parseDataText(FACTS_FILE, readFileSync(path.join(siteDir, FACTS_FILE), 'utf8'), factsSchema);
  const build = buildSchema.parse(JSON.parse(readFileSync(path.join(siteDir, BUILD_FILE), 'utf8')));
  return {facts, build};
}

export function checkReleaseFacts(siteDir: string): {problems: FactProblem[]; files: number} {
  const {facts, build} = readFacts(siteDir);
  const files = textFiles(siteDir);
  let read = 0;
  const problems = files.flatMap((file) => {
    const text = readIfPresent(path.join(siteDir, file));
    // Generated pages come from the data files, which are read themselves (and a build may be rewriting them now).
    if (text === null || text.includes(GENERATED_MARKER)) return [];
    read++;
    return [...checkVersions(file, text, facts), ...checkBuildReferences(file, text, build)];
  });
  return {problems, files: read};
}

function main() {
  const {problems, files} = checkReleaseFacts(process.cwd());
  console.log(`Checked the versions, Gradle tasks and Docker images of ${files} pages and data files: ${problems.length} problem(s).`);
  for (const p of problems) console.error(`  ${p.file}:${p.line}: ${p.message}`);
  if (problems.length > 0) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? __filename)) main();
