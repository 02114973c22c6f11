import path from 'node:path';
import * as z from 'zod';

/** Environment the server reads at start; every variable has a working default. */
export const envSchema = z.object({
  /** TCP port to listen on. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to bind; use 0.0.0.0 to accept connections from other machines. */
  HOST: z.string().min(1).default('localhost'),
  /** Folder holding the production build (`npm run build`). */
  BUILD_DIR: z.string().min(1).default('build'),
});

export type ServerConfig = {port: number; host: string; buildDir: string};

/** Parses the environment, exiting with one line per bad variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid server environment:\n${lines.join('\n')}`);
  }
  return {port: parsed.data.PORT, host: parsed.data.HOST, buildDir: path.resolve(parsed.data.BUILD_DIR)};
}
