import {describe, expect, it} from 'vitest';
import {isChunkLoadError} from '.';

describe('isChunkLoadError', () => {
  it('recognises webpack failing to load a script or stylesheet chunk, and nothing else', () => {
    const chunk = Object.assign(new Error('Loading chunk 4242 failed.\n(error: http://x/assets/js/a.js)'), {name: 'ChunkLoadError'});
    expect(isChunkLoadError(chunk)).toBe(true);
    expect(isChunkLoadError(new Error('Loading CSS chunk 17 failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Loading chunk 1 failed.')).toBe(false);
  });
});
