/**
 * Every command-line tool answers `--help` with its usage and exit code 0, before it reads a build, a database or a
 * setting, and its usage names every option the guide's commands table shows for it (maintaining/commands.md).
 */
import {spawn} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const root = path.resolve(__dirname, '../..');
const COMMANDS = ['bench', 'search', 'ask', 'report', 'eval'] as const;
const commandsTable = readFileSync(path.join(root, 'maintaining/commands.md'), 'utf8');

/** The options the commands table's first cell shows for `npm run <name>`. */
function documentedOptions(name: string): string[] {
  const row = commandsTable.split('\n').find((line) => line.startsWith(`| \`npm run ${name} `));
  if (!row) throw new Error(`maintaining/commands.md has no row for npm run ${name}`);
  return [...new Set(row.split(' | ')[0].match(/--[a-z][a-z-]*/g) ?? [])];
}

function run(args: string[]): Promise<{status: number | null; stdout: string; stderr: string}> {
  return new Promise((resolve, reject) => {
    // A setting that would make a tool do real work is cleared: --help must not need it.
    const env = {...process.env, DATABASE_URL: '', BUILD_DIR: path.join(root, 'no-such-build')};
    const child = spawn('npm', args, {cwd: root, env, stdio: ['ignore', 'pipe', 'pipe']});
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({status, stdout, stderr}));
  });
}

describe('--help', () => {
  it.concurrent.each(COMMANDS)('npm run %s -- --help prints its usage and exits 0', async (name) => {
    const {status, stdout, stderr} = await run(['run', '-s', name, '--', '--help']);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(stdout).toMatch(new RegExp(`^Usage: npm run ${name} `));
    for (const option of [...documentedOptions(name), '--help']) expect(stdout, `${name} --help names ${option}`).toContain(option);
  });

  it('answers -h the same way', async () => {
    const {status, stdout} = await run(['run', '-s', 'search', '--', '-h']);
    expect(status).toBe(0);
    expect(stdout).toMatch(/^Usage: npm run search /);
  });
});
