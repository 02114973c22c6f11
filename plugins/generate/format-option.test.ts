import {describe, expect, it} from 'vitest';
import {optionDefault, optionType, readableType} from './format-option';

describe('how a source option reads on a page', () => {
  it('names Python annotations the way a reader writes a recipe', () => {
    expect(readableType('Optional[List[str]]')).toBe('list of string');
    expect(readableType('Dict[str, AllowDenyPattern]')).toBe('map of string to pattern');
    expect(readableType('Optional[Union[bool, str]]')).toBe('boolean or string');
    expect(readableType('pydantic.PositiveInt')).toBe('positive integer');
    expect(readableType('Optional[pydantic.SecretStr]')).toBe('string (secret)');
    expect(readableType('LookerNamingPattern')).toBe('LookerNamingPattern');
  });

  it('calls an enum an enum, a nested config class an object, and infers an unannotated override from its default', () => {
    expect(optionType({type: 'SalesforceAuthType', required: false, enum: ['A', 'B']})).toBe('enum');
    expect(optionType({type: 'GEProfilingConfig', required: false, configClass: 'x:GEProfilingConfig'})).toBe('object');
    expect(optionType({type: 'AllowDenyPattern', required: false, configClass: 'x:AllowDenyPattern'})).toBe('pattern');
    expect(optionType({type: '(inferred)', required: false, default: 'druid'})).toBe('string');
  });

  it('shows a default as a recipe writes it, and none for a required option or a nested class', () => {
    expect(optionDefault({type: 'bool', required: false, default: false})).toBe('`false`');
    expect(optionDefault({type: 'List[str]', required: false, default: ['.*']})).toBe('`[".*"]`');
    expect(optionDefault({type: 'str', required: true})).toBeUndefined();
    expect(optionDefault({type: 'Optional[str]', required: false, default: null})).toBeUndefined();
    expect(optionDefault({type: 'AllowDenyPattern', required: false, default: 'AllowDenyPattern.allow_all()', defaultIsExpression: true})).toBe('allow all');
    expect(optionDefault({type: 'X', required: false, default: 'GEProfilingConfig()', defaultIsExpression: true})).toBeUndefined();
    expect(optionDefault({type: 'AllowDenyPattern', required: false, default: "AllowDenyPattern(deny=['^sys.*'])", defaultIsExpression: true}))
      .toBe("`deny: ['^sys.*']`");
    expect(optionDefault({type: 'str', required: false, default: ''})).toBe('empty string');
  });
});
