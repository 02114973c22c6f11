import {normalize} from './client';

/**
 * The section vectors every chat worker reads, in memory all threads share: a growable SharedArrayBuffer handed to the
 * workers once at start (empty), grown and filled when the vectors are ready, and a flag the workers read before each
 * question. No vector is ever posted to a worker.
 */
export interface SharedVectors {
  /** count x dims floats, row i the unit-length vector of section i; empty until ready. */
  matrix: SharedArrayBuffer;
  /** [0]: the vectors' length once every row is written, 0 before. */
  state: Int32Array;
  /** Sections (rows). */
  count: number;
}

/** What TypeScript's ES2022 library lacks of a growable SharedArrayBuffer (Node has had it since 20). */
interface GrowableSharedArrayBuffer extends SharedArrayBuffer {
  grow(byteLength: number): void;
  readonly maxByteLength: number;
}
type GrowableConstructor = new (byteLength: number, options: {maxByteLength: number}) => GrowableSharedArrayBuffer;

/** Room for `count` vectors of at most `maxDimensions` floats: address space is reserved, memory is taken on fill. */
export function createSharedVectors(count: number, maxDimensions: number): SharedVectors {
  const Growable = SharedArrayBuffer as unknown as GrowableConstructor;
  return {matrix: new Growable(0, {maxByteLength: Math.max(1, count * maxDimensions * 4)}), state: new Int32Array(new SharedArrayBuffer(4)), count};
}

/** Writes one vector per section (scaled to unit length), then raises the flag the workers read. */
export function publishVectors(shared: SharedVectors, vectors: Float32Array[]): void {
  if (vectors.length !== shared.count) throw new Error(`${vectors.length} vectors for ${shared.count} sections`);
  const dims = vectors[0]?.length ?? 0;
  const matrix = shared.matrix as GrowableSharedArrayBuffer;
  if (dims * shared.count * 4 > matrix.maxByteLength) {
    throw new Error(`the model's vectors have ${dims} dimensions, more than the ${matrix.maxByteLength / 4 / shared.count} the chat holds; set EMBEDDINGS_DIMENSIONS lower, or use another model`);
  }
  if (Atomics.load(shared.state, 0) !== 0) throw new Error('the section vectors are already published');
  matrix.grow(dims * shared.count * 4);
  const rows = new Float32Array(matrix, 0, dims * shared.count);
  vectors.forEach((vector, i) => rows.set(normalize(Float32Array.from(vector)), i * dims));
  // Stored last: a worker that reads the length sees every row written (Atomics orders the writes before it).
  Atomics.store(shared.state, 0, dims);
}

/** The vectors as a worker reads them, or undefined while they are not all written. */
export function readVectors(shared: SharedVectors): {dims: number; rows: Float32Array} | undefined {
  const dims = Atomics.load(shared.state, 0);
  return dims === 0 ? undefined : {dims, rows: new Float32Array(shared.matrix, 0, dims * shared.count)};
}
