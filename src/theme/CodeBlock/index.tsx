// Swizzled (wrap): registers the extra Prism languages with the code block, so Prism leaves the main bundle
// (plugins/prism-on-demand).
import {Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';
import CodeBlock from '@theme-original/CodeBlock';

prismIncludeLanguages(Prism);

export default CodeBlock;
