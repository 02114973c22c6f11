import {describe, expect, it} from 'vitest';
import {isOpenFence} from './answer-code';

describe('isOpenFence', () => {
  it('is open until a closing fence of the same character, at least as long, ends the block', () => {
    expect(isOpenFence('```python')).toBe(true);
    expect(isOpenFence('```python\nimport os')).toBe(true);
    expect(isOpenFence('```python\nimport os\n```')).toBe(false);
    expect(isOpenFence('````\na\n```')).toBe(true);
    expect(isOpenFence('~~~\na\n```')).toBe(true);
    expect(isOpenFence('~~~\na\n~~~~')).toBe(false);
  });

  it('reads a closing fence indented by a list item or behind a quote marker, and an indented block as closed', () => {
    expect(isOpenFence('```bash\n   datahub init\n   ```')).toBe(false);
    expect(isOpenFence('```bash\n> datahub init\n> ```')).toBe(false);
    expect(isOpenFence('    indented code')).toBe(false);
  });
});
