import {describe, expect, it} from 'vitest';
import {cell, codeBlock, summary, table} from './markdown';

describe('markdown helpers', () => {
  it('escapes pipes and newlines in table cells', () => {
    expect(cell('a | b\nc')).toBe('a \\| b c');
    expect(table(['x'], [['1|2']])).toBe('| x |\n| --- |\n| 1\\|2 |');
  });

  it('uses a fence longer than any backtick run in the body', () => {
    expect(codeBlock('md', 'x ```` y')).toMatch(/^`{5}md\n/);
  });

  it('shortens descriptions to their first sentence', () => {
    expect(summary('First one. Second one.')).toBe('First one.');
    expect(summary('word '.repeat(100), 30).length).toBeLessThanOrEqual(30);
  });
});
