import {describe, expect, it} from 'vitest';
import {
  checkBuildReferences, checkReleaseFacts, checkVersions, gradleTasksOf, imagesOf, namedTasksOf, readFacts, taskProblem,
} from './check-release-facts';

const siteDir = process.cwd();
const {facts, build} = readFacts(siteDir);
const messages = (problems: Array<{message: string}>) => problems.map((p) => p.message);

describe('checkVersions', () => {
  it('accepts the release\'s Java and Python versions and a later one on a line naming its release', () => {
    const text = 'Install JDK 11 and Python 3.7 or later.\nopenjdk@11, java-11-openjdk-amd64\nJDK 17 is required from v0.13.0, Python 3.8 from v0.13.0.';
    expect(checkVersions('docs/a.md', text, facts)).toEqual([]);
  });

  it('names a version stated without its release, and one the facts do not know', () => {
    const text = 'Prerequisites are a JDK 17, Python 3.8+, Docker.\nUse Java 8 to build.';
    expect(messages(checkVersions('docs/a.md', text, facts))).toEqual([
      expect.stringMatching(/states Java 17; v0\.10\.5 builds with JDK 11 .*arrived in v0\.13\.0/),
      expect.stringMatching(/states Python 3\.8; v0\.10\.5 needs Python 3\.7/),
      expect.stringMatching(/states Java 8;/),
    ]);
  });
});

describe('Gradle tasks', () => {
  it('reads the task arguments of a command line, skipping options and their values', () => {
    expect(gradleTasksOf('./gradlew :metadata-service:war:build -x test --info quickstartDebug')).toEqual([':metadata-service:war:build', 'test', 'quickstartDebug']);
    expect(gradleTasksOf('cd metadata-ingestion && ../gradlew :metadata-ingestion:installDev # then activate')).toEqual([':metadata-ingestion:installDev']);
    expect(namedTasksOf('If you edited the env file, use the `reloadEnv` task so containers are recreated.')).toEqual(['reloadEnv']);
    expect(namedTasksOf('run `:docker:reload` afterwards')).toEqual([':docker:reload']);
  });

  it('knows the release\'s projects, custom tasks and plugin tasks', () => {
    expect(taskProblem(':docker:debugReload', build)).toBeNull();
    expect(taskProblem('quickstartNuke', build)).toBeNull();
    expect(taskProblem(':metadata-io:checkstyleMain', build)).toBeNull();
    expect(taskProblem(':docker:reload', build)).toMatch(/Gradle task ":docker:reload" does not exist in v0\.10\.5/);
    expect(taskProblem('quickstartDebugNuke', build)).toMatch(/not defined by any project/);
    expect(taskProblem(':no-such-module:build', build)).toMatch(/project ":no-such-module"/);
  });

  it('flags the 2025 development workflow the old page described', () => {
    const page = [
      '```bash', './gradlew :docker:reload', './gradlew quickstartDebugNuke', '```',
      'use the `reloadEnv` task so containers are recreated with the new values.',
      'images like `acryldata/datahub-gms:debug` and `acryldata/datahub-frontend-react:debug`',
    ].join('\n');
    expect(messages(checkBuildReferences('docs/docker/development.md', page, build))).toEqual([
      expect.stringMatching(/":docker:reload" does not exist/),
      expect.stringMatching(/"quickstartDebugNuke" is not defined/),
      expect.stringMatching(/"reloadEnv" is not defined/),
      expect.stringMatching(/acryldata\/datahub-gms is not an image of v0\.10\.5/),
      expect.stringMatching(/acryldata\/datahub-frontend-react is not an image/),
    ]);
  });
});

describe('Docker images', () => {
  it('reads image references but not GitHub addresses', () => {
    expect(imagesOf('docker pull linkedin/datahub-gms:v0.10.5 from https://github.com/acryldata/datahub-helm.')).toEqual([{name: 'linkedin/datahub-gms', tag: 'v0.10.5'}]);
    expect(imagesOf('see https://hub.docker.com/r/acryldata/datahub-upgrade')).toEqual([{name: 'acryldata/datahub-upgrade', tag: undefined}]);
  });

  it('accepts the debug images the release builds and names one it does not', () => {
    expect(checkBuildReferences('f', 'linkedin/datahub-gms:debug acryldata/datahub-upgrade:debug', build)).toEqual([]);
    expect(messages(checkBuildReferences('f', 'acryldata/datahub-actions:debug', build))).toEqual([expect.stringMatching(/acryldata\/datahub-actions:debug is not built/)]);
  });
});

describe('every page and data file of the site', () => {
  it('states the release\'s versions, runs its Gradle tasks and names its images', () => {
    const {problems, files} = checkReleaseFacts(siteDir);
    expect(problems).toEqual([]);
    expect(files).toBeGreaterThan(300);
  });
});
