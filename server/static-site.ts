import {existsSync, statSync} from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type {FastifyInstance, FastifyReply, FastifyRequest} from 'fastify';
import {readBuiltRedirects} from '../plugins/redirects/redirects';

/** Maps a request path to a file of the build: the file itself, `<path>/index.html` or `<path>.html`. */
export function resolveBuildFile(buildDir: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const base = path.resolve(buildDir, `.${path.posix.normalize(decoded)}`);
  if (base !== buildDir && !base.startsWith(buildDir + path.sep)) return null;
  for (const candidate of [base, path.join(base, 'index.html'), `${base}.html`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return path.relative(buildDir, candidate);
  }
  return null;
}

/** `/x.html` and `/x/index.html` are served at the bare path `/x`, as the client router expects. */
export function canonicalPath(urlPath: string): string | null {
  const match = urlPath.match(/^(.*?)(\/index)?\.html$/);
  if (!match) return null;
  return match[1] === '' ? '/' : match[1];
}

/**
 * Whether a redirect target stays on this site: a path with one leading slash and no backslash. `//host/x` and
 * `/\\host/x` are read by browsers as another host, so a request path shaped like them is never echoed in a Location.
 */
export const staysOnSite = (target: string) => /^\/(?![/\\])/.test(target) && !target.includes('\\');

/** Hashed assets never change (a new build has new names); everything else is revalidated on each use. */
export function cacheControlFor(file: string): string {
  const name = file.replace(/\.(br|gz)$/, '');
  return /[\\/]assets[\\/]/.test(name) || /search-index\.[0-9a-f]+\.json$/.test(name) || /(^|[\\/])search-shards[\\/]/.test(name)
    ? 'public, max-age=31536000, immutable'
    : 'public, max-age=0, must-revalidate';
}

/** Serves the static production build with clean URLs, its moved routes (data/redirects.yaml) and the site's own 404 page. */
export async function registerStaticSite(app: FastifyInstance, buildDir: string): Promise<void> {
  if (!existsSync(path.join(buildDir, 'index.html'))) {
    throw new Error(`No production build in ${buildDir}. Run "npm run build" first, set BUILD_DIR, or set SERVE_STATIC=false to run the API alone.`);
  }
  const redirects = readBuiltRedirects(buildDir);
  await app.register(fastifyStatic, {
    root: buildDir,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, file) => res.setHeader('cache-control', cacheControlFor(file)),
  });

  const notFound = (reply: FastifyReply) => reply.code(404).type('text/html; charset=utf-8').sendFile('404.html');
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const [urlPath, query = ''] = request.url.split('?');
    // Every file may have precompressed variants: a shared cache must key what it stores on the encoding asked for.
    reply.header('vary', 'Accept-Encoding');
    const redirect = (target: string) => (staysOnSite(target) ? reply.redirect(target + (query ? `?${query}` : ''), 301) : notFound(reply));
    const canonical = canonicalPath(urlPath);
    if (canonical !== null && canonical !== urlPath) return redirect(canonical);
    const moved = redirects.get(urlPath.replace(/\/+$/, ''));
    if (moved) return redirect(moved);
    const file = resolveBuildFile(buildDir, urlPath);
    if (!file) {
      // Routes are lowercase: a path typed with capitals goes to the page it names, if there is one.
      const lower = urlPath.toLowerCase();
      if (lower !== urlPath && resolveBuildFile(buildDir, lower)) return redirect(lower);
      return notFound(reply);
    }
    return reply.sendFile(file);
  };
  app.get('/*', handler);
}
