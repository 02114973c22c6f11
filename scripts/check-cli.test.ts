import {describe, expect, it} from 'vitest';
import {checkCli, checkCliText, commandLines, commandProblems, readCli, shellWords} from './check-cli';

const siteDir = process.cwd();
const cli = readCli(siteDir);
const problems = (line: string) => commandProblems(shellWords(line), cli);

describe('the v0.10.5 CLI reference', () => {
  it('holds the command tree with options and default commands', () => {
    expect(cli.commands['datahub docker'].subcommands).toEqual(['check', 'ingest-sample-data', 'nuke', 'quickstart']);
    expect(cli.commands['datahub delete'].default).toBe('by-filter');
    expect(cli.commands.datahub.options.some((o) => o.names.includes('--debug'))).toBe(true);
  });
});

describe('commandProblems', () => {
  it('accepts commands, options with values, flags and default commands', () => {
    expect(problems('datahub docker quickstart --version v0.10.5 --quickstart-compose-file a.yml')).toEqual([]);
    expect(problems('datahub ingest -c recipe.dhub.yaml --dry-run')).toEqual([]);
    expect(problems('datahub delete --urn "urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)" --hard')).toEqual([]);
    expect(problems('datahub --debug timeline --urn x -c TAG --verbose | jq .')).toEqual([]);
    expect(problems('datahub actions -c pipeline.yaml')).toEqual([]);
  });

  it('names an unknown command and an unknown option', () => {
    expect(problems('datahub docker reload')).toEqual([expect.stringMatching(/`datahub docker` has no command "reload"/)]);
    expect(problems('datahub timeline --urn x --semantic')).toEqual([expect.stringMatching(/`datahub timeline` has no option --semantic/)]);
    expect(problems('datahub delete --platform snowflake --recursive')).toEqual([expect.stringMatching(/`datahub delete by-filter` has no option --recursive/)]);
  });
});

describe('commandLines', () => {
  it('reads shell blocks with continuations and inline spans, not other languages', () => {
    const text = [
      '```bash', '$ datahub docker quickstart \\', '  --version v0.10.5', '```',
      '```python', 'datahub = 1', '```',
      'Run `datahub docker nuke --keep-data` first.',
    ].join('\n');
    expect(commandLines(text)).toEqual([
      {line: 2, words: ['datahub', 'docker', 'quickstart', '--version', 'v0.10.5']},
      {line: 8, words: ['datahub', 'docker', 'nuke', '--keep-data']},
    ]);
    expect(checkCliText('docs/a.md', 'Run `datahub docker nuke --all`.', cli)[0]).toMatchObject({file: 'docs/a.md', line: 1});
  });
});

describe('every page and data file of the site', () => {
  it('shows only commands and options of the v0.10.5 CLI', () => {
    const report = checkCli(siteDir);
    expect(report.problems).toEqual([]);
    expect(report.commands).toBeGreaterThan(200);
  });
});
