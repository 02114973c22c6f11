import {describe, expect, it} from 'vitest';
import {stringify} from 'yaml';
import {DataFileError, parseDataText} from './load';
import {renderEnvironmentVariables} from './render-env-vars';
import {environmentVariablesSchema} from './schemas';

const data = {
  title: 'Environment Variables',
  description: 'Variables of the DataHub containers.',
  intro: 'Set them in the `environment:` block.',
  sections: [{
    title: 'Kafka',
    variables: [
      {name: 'KAFKA_BOOTSTRAP_SERVER', default: '`broker:29092`', components: ['GMS', 'MAE'], description: 'Broker list | comma-separated'},
      {name: 'SPRING_KAFKA_PROPERTIES_*', default: null, components: ['GMS'], description: 'Any Kafka client property.'},
    ],
    notes: 'Topic names have their own page.',
  }],
};

describe('environment variables page', () => {
  it('renders one table row per variable, "unset" for no default, with pipes escaped', () => {
    const page = renderEnvironmentVariables(parseDataText('data/environment-variables.yaml', stringify(data), environmentVariablesSchema));
    expect(page).toContain('## Kafka');
    expect(page).toContain('| `KAFKA_BOOTSTRAP_SERVER` | `broker:29092` | GMS, MAE | Broker list \\| comma-separated |');
    expect(page).toContain('| `SPRING_KAFKA_PROPERTIES_*` | unset | GMS | Any Kafka client property. |');
    expect(page.indexOf('Topic names have their own page.')).toBeGreaterThan(page.indexOf('SPRING_KAFKA'));
  });

  it('rejects a component the page does not abbreviate and a name that is not upper snake case', () => {
    const bad = {...data, sections: [{title: 'X', variables: [{name: 'kafka_host', default: null, components: ['Broker'], description: 'd'}]}]};
    try {
      parseDataText('data/environment-variables.yaml', stringify(bad), environmentVariablesSchema);
      throw new Error('expected a DataFileError');
    } catch (error) {
      expect(error).toBeInstanceOf(DataFileError);
      expect((error as DataFileError).problems.join('\n')).toMatch(/sections\.0\.variables\.0\.name[\s\S]*sections\.0\.variables\.0\.components\.0/);
    }
  });
});
