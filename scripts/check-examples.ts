/**
 * Example check: the examples of the hand-written docs agree with the data the site documents.
 * - every ```graphql block parses, and validates against data/schema.graphql (type-system blocks must extend it);
 * - every ingestion recipe uses only the source options its integration's data file declares (top level of
 *   `source.config`), and only the sink options of data/sinks.yaml;
 * - every environment variable in a code span of a hand-written page is in data/environment-variables.yaml (a few page
 *   groups whose upper-snake spans are never DataHub's variables are skipped, see ENV_SKIPPED_GROUPS).
 * Deliberate exceptions live in data/example-exceptions.yaml, each with a reason. Prints every offending file and
 * line; exits 1 on any (including an exception that no longer matches anything).
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {
  buildSchema, extendSchema, isEnumType, isInputObjectType, isInterfaceType, isObjectType, Kind, parse, print, validate, validateSchema,
  type DefinitionNode, type DocumentNode, type GraphQLSchema,
} from 'graphql';
import {parse as parseYaml} from 'yaml';
import * as z from 'zod';
import {closesFence, fenceOf} from '../lib/markdown/fences';
import {ENVIRONMENT_VARIABLES_FILE, parseDataText, readData, readSourceReference} from '../plugins/generate/load';
import {environmentVariablesSchema, integrationSchema} from '../plugins/generate/schemas';

export type CheckName = 'graphql' | 'recipe' | 'env';

export interface Problem {
  file: string;
  line: number;
  check: CheckName;
  message: string;
}

export interface FencedBlock {
  lang: string;
  body: string;
  /** 1-based line of the block's first body line. */
  line: number;
}

/** Fenced code blocks of a Markdown page, indented ones (inside lists and tabs) included. */
export function fencedBlocks(text: string): FencedBlock[] {
  const lines = text.split('\n');
  const blocks: FencedBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = lines[i].match(/^(\s*)(`{3,}|~{3,})\s*([\w-]*)/);
    if (!open) continue;
    const [, indent, fence, lang] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      if (closesFence(lines[j], fence)) break;
      body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j].trimStart());
    }
    blocks.push({lang: lang.toLowerCase(), body: body.join('\n'), line: i + 2});
    i = j;
  }
  return blocks;
}

const isTypeSystem = (doc: DocumentNode) => doc.definitions.some((d) => d.kind !== Kind.OPERATION_DEFINITION && d.kind !== Kind.FRAGMENT_DEFINITION);

const errorLine = (error: unknown) => (error as {locations?: Array<{line: number}>}).locations?.[0]?.line;

const EXTENSION_KIND = {
  [Kind.OBJECT_TYPE_DEFINITION]: Kind.OBJECT_TYPE_EXTENSION,
  [Kind.INTERFACE_TYPE_DEFINITION]: Kind.INTERFACE_TYPE_EXTENSION,
  [Kind.INPUT_OBJECT_TYPE_DEFINITION]: Kind.INPUT_OBJECT_TYPE_EXTENSION,
} as const;

/**
 * A page may restate a type the schema has, as an excerpt of the file it edits ("type Dataset { ...; newField: Int }"):
 * such a definition is read as an extension with only what is new, and a restated field must have the schema's type.
 */
function restatedAsExtensions(doc: DocumentNode, schema: GraphQLSchema): {doc: DocumentNode; mismatches: Array<{line?: number; message: string}>} {
  const mismatches: Array<{line?: number; message: string}> = [];
  const definitions: DefinitionNode[] = [];
  for (const definition of doc.definitions) {
    const existing = 'name' in definition && definition.name ? schema.getType(definition.name.value) : undefined;
    if (!existing) {
      definitions.push(definition);
      continue;
    }
    if (definition.kind === Kind.SCALAR_TYPE_DEFINITION) continue;
    if (definition.kind === Kind.ENUM_TYPE_DEFINITION && isEnumType(existing)) {
      const known = new Set(existing.getValues().map((v) => v.name));
      const added = (definition.values ?? []).filter((v) => !known.has(v.name.value));
      if (added.length > 0) definitions.push({kind: Kind.ENUM_TYPE_EXTENSION, name: definition.name, values: added});
      continue;
    }
    if (!(definition.kind in EXTENSION_KIND) || !(isObjectType(existing) || isInterfaceType(existing) || isInputObjectType(existing))) {
      definitions.push(definition);
      continue;
    }
    const fields = existing.getFields();
    const restated = (definition as {fields?: ReadonlyArray<{name: {value: string}; type: Parameters<typeof print>[0]; loc?: {startToken: {line: number}}}>}).fields ?? [];
    for (const field of restated) {
      const current = fields[field.name.value];
      if (current && String(current.type) !== print(field.type)) {
        mismatches.push({line: field.loc?.startToken.line, message: `${existing.name}.${field.name.value} is ${String(current.type)} in data/schema.graphql, not ${print(field.type)}`});
      }
    }
    const implemented = new Set(isInputObjectType(existing) ? [] : existing.getInterfaces().map((i) => i.name));
    const interfaces = ('interfaces' in definition ? definition.interfaces ?? [] : []).filter((i) => !implemented.has(i.name.value));
    const added = restated.filter((f) => !fields[f.name.value]);
    if (added.length > 0 || interfaces.length > 0) {
      const kind = EXTENSION_KIND[definition.kind as keyof typeof EXTENSION_KIND];
      definitions.push({kind, name: (definition as {name: unknown}).name, fields: added, interfaces} as unknown as DefinitionNode);
    }
  }
  return {doc: {...doc, definitions}, mismatches};
}

/**
 * GraphQL blocks: type-system blocks (a tutorial adding an operation) must extend the schema into a valid one, and
 * the page's operations validate against the schema as the page extends it.
 */
export function checkGraphql(file: string, text: string, schema: GraphQLSchema): Problem[] {
  return checkGraphqlBlocks(file, graphqlBlocks(text), schema);
}

/** The GraphQL blocks of a page. */
export const graphqlBlocks = (text: string) => fencedBlocks(text).filter((b) => b.lang === 'graphql' || b.lang === 'gql');

function checkGraphqlBlocks(file: string, blocks: FencedBlock[], schema: GraphQLSchema): Problem[] {
  const problems: Problem[] = [];
  const parsed: Array<{block: FencedBlock; doc: DocumentNode}> = [];
  for (const block of blocks) {
    try {
      parsed.push({block, doc: parse(block.body)});
    } catch (error) {
      problems.push({file, line: block.line + (errorLine(error) ?? 1) - 1, check: 'graphql', message: (error as Error).message});
    }
  }
  let extended = schema;
  for (const {block, doc} of parsed.filter((p) => isTypeSystem(p.doc))) {
    const at = (line = 1) => block.line + line - 1;
    const {doc: extension, mismatches} = restatedAsExtensions(doc, extended);
    for (const mismatch of mismatches) problems.push({file, line: at(mismatch.line), check: 'graphql', message: mismatch.message});
    try {
      const next = extendSchema(extended, extension);
      const errors = validateSchema(next);
      for (const error of errors) problems.push({file, line: at(errorLine(error)), check: 'graphql', message: error.message});
      if (errors.length === 0) extended = next;
    } catch (error) {
      problems.push({file, line: at(errorLine(error)), check: 'graphql', message: (error as Error).message});
    }
  }
  for (const {block, doc} of parsed.filter((p) => !isTypeSystem(p.doc))) {
    for (const error of validate(extended, doc)) problems.push({file, line: block.line + (errorLine(error) ?? 1) - 1, check: 'graphql', message: error.message});
  }
  return problems.sort((a, b) => a.line - b.line);
}

/** Declared top-level option names per source plugin type, and per sink type. */
export interface RecipeOptions {
  sources: Map<string, Set<string>>;
  sinks: Map<string, Set<string>>;
}

interface RecipePart {
  type?: unknown;
  config?: unknown;
}

/** An ingestion recipe found in a page: its YAML block and what the block parses to. */
export interface RecipeBlock {
  block: FencedBlock;
  source?: RecipePart;
  sink?: RecipePart;
}

/** YAML blocks of a page that are ingestion recipes: a `source` or a `sink` object; Actions pipelines are not. */
export function recipeBlocks(text: string): RecipeBlock[] {
  return fencedBlocks(text)
    .filter((b) => b.lang === 'yaml' || b.lang === 'yml')
    .flatMap((block) => {
      let recipe: unknown;
      try {
        recipe = parseYaml(block.body);
      } catch {
        return []; // Fragments and templated YAML are not recipes this check can read.
      }
      // Actions pipelines also have a `source`, but always a `name` (recipes use `pipeline_name`) and usually an `action`.
      if (!recipe || typeof recipe !== 'object' || 'action' in recipe || 'name' in recipe) return [];
      const {source, sink} = recipe as {source?: unknown; sink?: unknown};
      const part = (value: unknown) => (value && typeof value === 'object' ? (value as RecipePart) : undefined);
      return part(source) || part(sink) ? [{block, source: part(source), sink: part(sink)}] : [];
    });
}

/**
 * Each recipe's top-level keys of `source.config` and `sink.config` must be declared. A dotted source type is a custom
 * source class, which the CLI loads by path; its options are its own.
 */
export function checkRecipes(file: string, text: string, options: RecipeOptions): Problem[] {
  return checkRecipeBlocks(file, recipeBlocks(text), options);
}

function checkRecipeBlocks(file: string, recipes: RecipeBlock[], options: RecipeOptions): Problem[] {
  const problems: Problem[] = [];
  for (const {block, source, sink} of recipes) {
    const lineOf = (key: string) => {
      const index = block.body.split('\n').findIndex((l) => new RegExp(`^\\s*${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*:`).test(l));
      return block.line + Math.max(index, 0);
    };
    const checkPart = (part: 'source' | 'sink', type: unknown, config: unknown, declared: Map<string, Set<string>>) => {
      if (typeof type !== 'string' || (part === 'source' && type.includes('.'))) return;
      const names = declared.get(type);
      if (!names) {
        const where = part === 'source' ? 'no file of data/integrations/ declares a plugin of that name' : 'data/sinks.yaml does not list it';
        problems.push({file, line: lineOf('type'), check: 'recipe', message: `${part} type "${type}": ${where}`});
        return;
      }
      if (!config || typeof config !== 'object') return;
      for (const key of Object.keys(config)) {
        if (!names.has(key)) {
          const data = part === 'source' ? `its data file in data/integrations/` : 'data/sinks.yaml';
          problems.push({file, line: lineOf(key), check: 'recipe', message: `${part} "${type}": option "${key}" is not declared in ${data}`});
        }
      }
    };
    if (source) checkPart('source', source.type, source.config, options.sources);
    if (sink) checkPart('sink', sink.type, sink.config, options.sinks);
  }
  return problems;
}

/**
 * Doc groups (first path segment under docs/) whose upper-snake code spans are checked as environment variables: all
 * of them except these, where such spans are never a variable a DataHub component reads.
 * - `quick-ingestion-guides`: the spans are names the reader chooses for UI ingestion secrets (`SNOWFLAKE_PASSWORD`,
 *   used as `${SNOWFLAKE_PASSWORD}` in the recipe) and the warehouse's own objects (`ACCOUNT_USAGE`, `COMPUTE_WH`);
 *   listing them would say a component reads them.
 * Generated pages (docs/graphql/, docs/generated/) are skipped by their "Generated from" marker like in the other checks.
 */
export const ENV_SKIPPED_GROUPS = ['quick-ingestion-guides'];

/** The doc group of a page path relative to the site (`docs/how/kafka-config.md` → `how`, `docs/cli.md` → `cli`). */
export const docGroup = (relative: string) => relative.replace(/^docs\//, '').split('/')[0].replace(/\.mdx?$/, '');

/** Whether the environment-variable check reads the page at this site-relative path. */
export const checksEnvironmentVariables = (relative: string) => !ENV_SKIPPED_GROUPS.includes(docGroup(relative));

const ENV_SPAN = /^([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?:=.*)?$/;

/** Names that look like environment variables in inline code spans (outside code blocks), with their lines. */
export function envSpans(text: string): Array<{name: string; line: number}> {
  const found: Array<{name: string; line: number}> = [];
  let inFence: string | null = null;
  text.split('\n').forEach((line, i) => {
    if (inFence !== null) {
      if (closesFence(line, inFence)) inFence = null;
      return;
    }
    inFence = fenceOf(line);
    if (inFence !== null) return;
    for (const span of line.matchAll(/`([^`]+)`/g)) {
      const match = span[1].trim().match(ENV_SPAN);
      if (match) found.push({name: match[1], line: i + 1});
    }
  });
  return found;
}

/**
 * What the environment-variable check accepts: listed names, families (`PREFIX_*`, as prefixes with their underscore),
 * names that are not variables, and families of such names (privileges such as `EDIT_*`).
 */
export interface KnownNames {
  variables: Set<string>;
  families: string[];
  notVariables: Set<string>;
  notVariableFamilies?: string[];
}

export function checkEnvironmentVariables(file: string, text: string, known: KnownNames): Problem[] {
  const inFamily = (name: string, prefixes: string[] = []) => prefixes.some((prefix) => name.startsWith(prefix));
  return envSpans(text)
    .filter(({name}) => !known.variables.has(name) && !known.notVariables.has(name) && !inFamily(name, known.families) && !inFamily(name, known.notVariableFamilies))
    .map(({name, line}) => ({
      file, line, check: 'env' as const,
      message: `${name} is not in ${ENVIRONMENT_VARIABLES_FILE} (add it with the component that reads it, or to notVariables if it is not a variable)`,
    }));
}

const exceptionsSchema = z.array(z.strictObject({
  file: z.string().regex(/^docs\//, 'a path under docs/'),
  check: z.enum(['graphql', 'recipe', 'env']),
  /** Text the excused messages contain (an operation, type, option or variable name). */
  mentions: z.string().min(1),
  reason: z.string().trim().min(10, 'say why the example is deliberately outside the data'),
}));
export type ExampleException = z.infer<typeof exceptionsSchema>[number];

/** Drops the problems an exception excuses; an exception that excuses nothing is itself reported. */
export function applyExceptions(problems: Problem[], exceptions: ExampleException[]): {problems: Problem[]; unused: ExampleException[]} {
  const used = new Set<ExampleException>();
  const kept = problems.filter((p) => {
    const exception = exceptions.find((e) => e.file === p.file && e.check === p.check && p.message.includes(e.mentions));
    if (exception) used.add(exception);
    return !exception;
  });
  return {problems: kept, unused: exceptions.filter((e) => !used.has(e))};
}

function markdownFiles(dir: string): string[] {
  return (readdirSync(dir, {recursive: true}) as string[])
    .filter((f) => /\.mdx?$/.test(f))
    .map((f) => path.join(dir, f).split(path.sep).join('/'))
    .sort();
}

/** How many examples of each kind the check read. */
export interface ExampleCounts {
  pages: number;
  graphqlBlocks: number;
  recipes: number;
  envSpans: number;
}

/** Runs the three checks over the hand-written pages of docs/ (generated pages come from the data itself). */
export function checkExamples(siteDir: string): {problems: Problem[]; unused: ExampleException[]; counts: ExampleCounts} {
  const schema = buildSchema(readFileSync(path.join(siteDir, 'data/schema.graphql'), 'utf8'));
  const sources = new Map<string, Set<string>>();
  const reference = readSourceReference(siteDir);
  for (const file of readdirSync(path.join(siteDir, 'data/integrations')).filter((f) => f.endsWith('.yaml'))) {
    const integration = readData(siteDir, `data/integrations/${file}`, integrationSchema);
    // A source plugin's keys are the release's top-level options; another program's are the settings its page lists.
    const listed = new Set(integration.config.map((option) => option.name.split('.')[0]));
    for (const plugin of integration.plugins) {
      const options = reference.plugins[plugin.name]?.options;
      sources.set(plugin.name, options ? new Set(Object.keys(options).map((name) => name.split('.')[0])) : listed);
    }
  }
  const sinkList = parseDataText('data/sinks.yaml', readFileSync(path.join(siteDir, 'data/sinks.yaml'), 'utf8'),
    z.array(z.strictObject({type: z.string(), page: z.string().regex(/^\/docs\//), options: z.array(z.string())})));
  const sinks = new Map(sinkList.map((s) => [s.type, new Set(s.options)]));
  const env = readData(siteDir, ENVIRONMENT_VARIABLES_FILE, environmentVariablesSchema);
  const listed = env.sections.flatMap((s) => s.variables.map((v) => v.name));
  const enumValues = Object.values(schema.getTypeMap()).filter(isEnumType).flatMap((t) => t.getValues().map((v) => v.name));
  const notListed = env.notVariables.map((n) => n.name);
  const known: KnownNames = {
    variables: new Set(listed.filter((n) => !n.endsWith('_*'))),
    families: listed.filter((n) => n.endsWith('_*')).map((n) => n.slice(0, -1)),
    notVariables: new Set([...notListed.filter((n) => !n.endsWith('_*')), ...enumValues]),
    notVariableFamilies: notListed.filter((n) => n.endsWith('_*')).map((n) => n.slice(0, -1)),
  };

  const problems: Problem[] = [];
  const counts: ExampleCounts = {pages: 0, graphqlBlocks: 0, recipes: 0, envSpans: 0};
  for (const file of markdownFiles(path.join(siteDir, 'docs'))) {
    const relative = path.relative(siteDir, file).split(path.sep).join('/');
    const text = readFileSync(file, 'utf8');
    if (text.includes('<!-- Generated from ')) continue;
    counts.pages++;
    const graphql = graphqlBlocks(text);
    const recipes = recipeBlocks(text);
    counts.graphqlBlocks += graphql.length;
    counts.recipes += recipes.length;
    problems.push(...checkGraphqlBlocks(relative, graphql, schema), ...checkRecipeBlocks(relative, recipes, {sources, sinks}));
    if (checksEnvironmentVariables(relative)) {
      counts.envSpans += envSpans(text).length;
      problems.push(...checkEnvironmentVariables(relative, text, known));
    }
  }
  const exceptionsFile = path.join(siteDir, 'data/example-exceptions.yaml');
  const exceptions = existsSync(exceptionsFile) ? parseDataText('data/example-exceptions.yaml', readFileSync(exceptionsFile, 'utf8'), exceptionsSchema) : [];
  return {...applyExceptions(problems, exceptions), counts};
}

function main() {
  const {problems, unused, counts} = checkExamples(process.cwd());
  const byCheck = (check: CheckName) => problems.filter((p) => p.check === check).length;
  console.log(
    `Checked the examples of ${counts.pages} hand-written pages (${counts.graphqlBlocks} GraphQL blocks, ${counts.recipes} ingestion recipes, ` +
      `${counts.envSpans} environment-variable spans): ${byCheck('graphql')} GraphQL, ${byCheck('recipe')} recipe and ${byCheck('env')} environment-variable problem(s).`,
  );
  for (const p of problems) console.error(`  ${p.file}:${p.line}: [${p.check}] ${p.message}`);
  for (const e of unused) console.error(`  data/example-exceptions.yaml: the exception for ${e.file} (${e.check}, "${e.mentions}") matches nothing; remove it.`);
  if (problems.length > 0 || unused.length > 0) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? __filename)) main();
