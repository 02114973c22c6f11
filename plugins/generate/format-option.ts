/** How a source option's Python annotation and default read on a page. */
import type {ReleaseOption} from './source-options';

const SCALARS: Record<string, string> = {
  str: 'string', SecretStr: 'string (secret)', bool: 'boolean', int: 'integer', float: 'number', PositiveInt: 'positive integer',
  PositiveFloat: 'positive number', NonNegativeInt: 'integer ≥ 0', datetime: 'date-time', date: 'date', timedelta: 'duration',
  Any: 'any', dict: 'map', list: 'list', HttpUrl: 'URL', AnyHttpUrl: 'URL', FilePath: 'file path', DirectoryPath: 'directory path',
  Path: 'path', AllowDenyPattern: 'pattern',
};

/** Splits at commas that are not inside brackets. */
function topLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '[') depth++;
    if (ch === ']') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += ch;
  }
  return [...parts, current.trim()].filter(Boolean);
}

/** A reader's name for a Python annotation: `Optional[List[str]]` → `list of string`. */
export function readableType(annotation: string): string {
  const text = annotation.replace(/\b(typing|pydantic|datetime|pathlib)\./g, '').trim();
  const generic = text.match(/^(\w+)\[(.*)\]$/s);
  if (!generic) return SCALARS[text] ?? text;
  const [, head, inner] = generic;
  const args = topLevel(inner);
  switch (head) {
    case 'Optional':
      return readableType(args[0]);
    case 'Union': {
      const members = args.filter((a) => a !== 'None').map(readableType);
      return [...new Set(members)].join(' or ');
    }
    case 'List': case 'Set': case 'Sequence': case 'Tuple':
      return `list of ${readableType(args[0])}`;
    case 'Dict': case 'MutableMapping': case 'Mapping':
      return args.length === 2 ? `map of ${readableType(args[0])} to ${readableType(args[1])}` : 'map';
    default:
      return text;
  }
}

/** The type column: an Enum names its values' kind, a config class is an object of the options under it. */
export function optionType(option: ReleaseOption): string {
  if (option.enum) return 'enum';
  if (option.type === '(inferred)') return typeof option.default === 'boolean' ? 'boolean' : typeof option.default === 'number' ? 'number' : 'string';
  if (option.configClass && !option.configClass.endsWith(':AllowDenyPattern')) return 'object';
  return readableType(option.type);
}

const inline = (value: string) => `\`${value.includes('`') ? value.replace(/`/g, "'") : value}\``;

/** The default as a recipe would write it, or undefined when there is none to show. */
export function optionDefault(option: ReleaseOption): string | undefined {
  if (option.required) return undefined;
  const value = option.default;
  if (option.defaultIsExpression) {
    if (value === 'AllowDenyPattern.allow_all()') return 'allow all';
    const pattern = typeof value === 'string' ? value.match(/^AllowDenyPattern\((.+)\)$/s) : null;
    if (pattern) return inline(pattern[1].replace(/=/g, ': '));
    // A config class built with its own defaults: the rows of its options show them.
    if (typeof value === 'string' && /^[A-Z]\w*\(\)$/.test(value)) return undefined;
    return typeof value === 'string' ? inline(value) : undefined;
  }
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value === '' ? 'empty string' : inline(value);
  if (typeof value === 'number' || typeof value === 'boolean') return inline(String(value));
  return inline(JSON.stringify(value));
}
