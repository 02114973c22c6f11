import {generateDocs} from '../plugins/generate/generate';

/** Regenerates docs pages from data/ without starting Docusaurus. */
try {
  const {pages, written} = generateDocs(process.cwd());
  console.log(`Generated ${pages} pages from data/ (${written} changed).`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
