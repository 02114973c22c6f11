import Fastify, {type FastifyInstance} from 'fastify';
import type {ServerConfig} from './config';
import {registerStaticSite} from './static-site';

/** Builds the HTTP app: the static site (and, later, the API routes). */
export async function buildApp(config: Pick<ServerConfig, 'buildDir'>, options: {logger?: boolean} = {}): Promise<FastifyInstance> {
  const app = Fastify({logger: options.logger ?? false});
  await registerStaticSite(app, config.buildDir);
  return app;
}
