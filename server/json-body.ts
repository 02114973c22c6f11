import type {FastifyInstance} from 'fastify';

/** A key a JSON body may not hold, with where it was: `__proto__` anywhere, `prototype` inside a `constructor` key. */
export function forbiddenKeyOf(value: unknown): string | undefined {
  const stack: Array<{value: unknown; path: string; parent?: string}> = [{value, path: 'body'}];
  while (stack.length > 0) {
    const {value: node, path, parent} = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    for (const key of Object.keys(node)) {
      if (key === '__proto__' || (key === 'prototype' && parent === 'constructor')) return `${path}.${key}`;
      stack.push({value: (node as Record<string, unknown>)[key], path: `${path}.${key}`, parent: key});
    }
  }
  return undefined;
}

/**
 * JSON bodies parsed as Fastify does, except that a key that could reach an object's prototype is refused with a 400
 * naming it, rather than as "body is not valid JSON" (Fastify's own refusal does not say which key it refused).
 */
export function refusePrototypeKeys(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('ignore', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', {parseAs: 'string'}, (request, body, done) => {
    const text = String(body);
    parse(request, text, (error, value) => {
      if (error) return done(error, undefined);
      // JSON.parse makes "__proto__" an own key, harmless until some code copies it: the walk is only for such bodies.
      const forbidden = text.includes('__proto__') || text.includes('prototype') ? forbiddenKeyOf(value) : undefined;
      if (!forbidden) return done(null, value);
      const refusal = Object.assign(new Error(`${forbidden}: this key is not allowed; remove it from the JSON`), {statusCode: 400});
      done(refusal, undefined);
    });
  });
}
