import {answerChunks} from './answer-chunks';

/**
 * An answer with a table wider than a phone: the Snowflake source's lineage options of v0.10.5 with their defaults
 * (snowflake_config.py), whose long names cannot wrap. The fake model streams it in chunks.
 */
export const TABLE_QUESTION = 'Which lineage options does the Snowflake source have, and do they depend on each other?';

export const TABLE_ANSWER = [
  'The Snowflake source reads these lineage options; the recipe is refused when the one rule between them is broken:',
  [
    '| Option | Default | Needs |',
    '| --- | --- | --- |',
    '| `include_table_lineage` | `true` | nothing |',
    '| `include_column_lineage` | `true` | `include_table_lineage` set to `true` |',
    '| `include_table_location_lineage` | `true` | nothing |',
    '| `ignore_start_time_lineage` | `false` | nothing |',
  ].join('\n'),
  'Turning off `include_table_lineage` alone stops the run with a validation error until `include_column_lineage` is turned off too.',
].join('\n\n');

export const tableAnswerDeltas = (size = 24) => answerChunks(TABLE_ANSWER, size);
