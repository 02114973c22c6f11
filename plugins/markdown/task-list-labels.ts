/** The parts of a hast node this plugin reads (hast is not a direct dependency). */
export interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

const text = (node: HastNode): string =>
  node.type === 'text' ? (node.value ?? '') : node.tagName === 'ul' || node.tagName === 'ol' ? '' : (node.children ?? []).map(text).join('');

function isCheckbox(node: HastNode): boolean {
  return node.type === 'element' && node.tagName === 'input' && node.properties?.type === 'checkbox';
}

/** Labels the checkbox of a task-list item with the item's own text (not its nested lists). */
function labelTaskItem(item: HastNode): void {
  const holders = [item, ...(item.children ?? []).filter((c) => c.tagName === 'p')];
  for (const holder of holders) {
    const box = holder.children?.find(isCheckbox);
    if (!box) continue;
    const label = text(holder === item ? item : holder).replace(/\s+/g, ' ').trim();
    if (label && box.properties && !box.properties.ariaLabel) box.properties.ariaLabel = label;
    return;
  }
}

function walk(node: HastNode): void {
  if (node.tagName === 'li') labelTaskItem(node);
  for (const child of node.children ?? []) walk(child);
}

/**
 * Rehype plugin: GitHub task lists (`- [ ] step`) render a checkbox with no label, which screen readers announce
 * as just "checkbox" (axe rule label, critical). Names each checkbox after its item's text.
 */
export default function rehypeTaskListLabels() {
  return (tree: HastNode) => walk(tree);
}
