/** An answer in chunks of `size` characters, as a model streams it (the built-in answerer sends 24). */
export function answerChunks(answer: string, size = 24): string[] {
  const deltas: string[] = [];
  for (let i = 0; i < answer.length; i += size) deltas.push(answer.slice(i, i + size));
  return deltas;
}
