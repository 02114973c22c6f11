import {parse as parseYaml} from 'yaml';
import type * as z from 'zod';

/** A data file that does not match its schema; the message names the file, the field and the fix. */
export class DataFileError extends Error {
  constructor(readonly file: string, readonly problems: string[]) {
    super(`Invalid data file ${file}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'DataFileError';
  }
}

/** One schema problem as a line: the field's path, then what is wrong. */
export function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.length ? issue.path.join('.') : '(file)';
  return `${where}: ${issue.message}`;
}

/** Parses YAML text against a schema, throwing a DataFileError naming the file. */
export function parseDataText<S extends z.ZodType>(file: string, source: string, schema: S): z.infer<S> {
  let raw: unknown;
  try {
    raw = parseYaml(source);
  } catch (error) {
    throw new DataFileError(file, [`not valid YAML: ${(error as Error).message.split('\n')[0]}`]);
  }
  const result = schema.safeParse(raw);
  if (!result.success) throw new DataFileError(file, result.error.issues.map(describeIssue));
  return result.data;
}
