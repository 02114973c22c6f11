/**
 * `npm run ask -- "<question>" [--after "<earlier question>"]... [--json]`: the
 * references and the answer for a question through the server's own pipeline
 * (same retrieval and answerer as POST /v1/completions), without HTTP. Each
 * `--after` asks it as a follow-up of that earlier question (oldest first).
 */
import {parseArgs} from 'node:util';
import {completionRequestSchema, splitCompletion} from '../contract/completions';
import {chatService} from '../src/site';
import {readConfig} from '../server/config';
import {completionStream} from '../server/completions/pipeline';
import {createServices} from '../server/services';
import {sectionTitleOf} from '../lib/search/types';
import {answerHelp} from './cli-usage';

const USAGE = `
Usage: npm run ask -- "<question>" [--after "<earlier question>"]... [--json]

The references (title and link) and the answer for a question through the chat's own pipeline, without HTTP.
Reads the chat sections of build/ (without a build, of docs/) and the server's settings (maintaining/server.md).

  --after "<question>"   ask it as a follow-up of that earlier question; repeat for more, oldest first
  --json                 the references and the answer as JSON
  --help, -h             this text
`;

async function main() {
  answerHelp(USAGE);
  const {values, positionals} = parseArgs({allowPositionals: true, options: {json: {type: 'boolean', default: false}, after: {type: 'string', multiple: true, default: []}}});
  const prompt = positionals.join(' ').trim();
  if (!prompt) {
    console.error('Usage: npm run ask -- "<question>" [--after "<earlier question>"]... [--json]');
    process.exit(2);
  }
  const services = await createServices(readConfig());
  const context = values.after.map((question) => ({question, answer: ''}));
  const request = completionRequestSchema.parse({prompt, projectKey: chatService.projectKey, ...(context.length > 0 ? {context} : {})});
  let text = '';
  for await (const chunk of completionStream(request, services.completions, new AbortController().signal, () => undefined)) text += chunk;
  await services.store.close();
  const {references, answer} = splitCompletion(text);
  const titles = new Map(services.sections.map((s) => [s.url, sectionTitleOf(s)]));
  const titled = references.map((id) => ({id, title: titles.get(id) ?? id}));
  if (values.json) {
    console.log(JSON.stringify({references: titled, answer}, null, 2));
    return;
  }
  console.log(`References:\n${titled.map((r) => `  ${r.title}\n    ${r.id}`).join('\n') || '  (none)'}\n\n${answer}`);
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
