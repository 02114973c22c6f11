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
    intro: 'How the components reach the brokers.',
    variables: [
      {name: 'KAFKA_BOOTSTRAP_SERVER', default: '`broker:29092`', components: ['GMS', 'MAE'], description: 'Broker list | comma-separated'},
      {name: 'SPRING_KAFKA_PROPERTIES_*', default: null, components: ['GMS'], description: 'Any Kafka client property.'},
      {name: 'PARTITIONS', default: 1, components: ['setup jobs'], description: 'Partitions of each\ntopic.'},
    ],
    notes: 'Topic names have their own page.',
  }],
};

const render = () => renderEnvironmentVariables(parseDataText('data/environment-variables.yaml', stringify(data), environmentVariablesSchema));

describe('environment variables page', () => {
  it('renders one list item per variable: name, components, description, then the default ("unset" when none)', () => {
    const page = render();
    expect(page).toContain('## Kafka\n\nHow the components reach the brokers.\n\n- **`KAFKA_BOOTSTRAP_SERVER`** (GMS, MAE):');
    expect(page).toContain('- **`KAFKA_BOOTSTRAP_SERVER`** (GMS, MAE): Broker list | comma-separated. Default: `broker:29092`.');
    expect(page).toContain('- **`SPRING_KAFKA_PROPERTIES_*`** (GMS): Any Kafka client property. Default: unset.');
    expect(page.indexOf('Topic names have their own page.')).toBeGreaterThan(page.indexOf('SPRING_KAFKA'));
  });

  it('keeps each item on one line and a section\'s items in one tight list, with no table', () => {
    const page = render();
    expect(page).toContain('- **`PARTITIONS`** (setup jobs): Partitions of each topic. Default: 1.');
    expect(page).toMatch(/Default: `broker:29092`\.\n- \*\*`SPRING_KAFKA_PROPERTIES_\*`\*\*/);
    expect(page).not.toMatch(/^\|/m);
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
