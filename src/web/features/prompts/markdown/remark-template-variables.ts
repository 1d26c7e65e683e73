import { splitVariables } from './template-variables';

/** Stands in for an escaped `\{{` while Markdown is parsed (Markdown would drop the backslash itself). */
export const ESCAPED_BRACES = '\uE000';

interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
  data?: Record<string, unknown>;
}

/** Marks `\{{` before parsing, so it stays a literal `{{` and never becomes a variable. */
export function protectEscapedBraces(markdown: string): string {
  return markdown.replaceAll('\\{{', ESCAPED_BRACES);
}

const restore = (text: string) => text.replaceAll(ESCAPED_BRACES, '{{');

/** A variable becomes `<span class="template-variable">{{name}}</span>` in the rendered prompt. */
function variableNode(name: string, raw: string): MdNode {
  return {
    type: 'templateVariable',
    data: { hName: 'span', hProperties: { className: ['template-variable'], title: `Variable: ${name}` }, hChildren: [{ type: 'text', value: raw.trim() }] },
  };
}

function transform(node: MdNode): void {
  if (!node.children) {
    if (typeof node.value === 'string') node.value = restore(node.value);
    return;
  }
  const next: MdNode[] = [];
  for (const child of node.children) {
    if (child.type === 'text' && typeof child.value === 'string') {
      for (const part of splitVariables(child.value)) {
        next.push(part.kind === 'text' ? { type: 'text', value: restore(part.text) } : variableNode(part.name, part.raw));
      }
    } else {
      transform(child);
      next.push(child);
    }
  }
  node.children = next;
}

/** remark plugin: `{{variables}}` in prose (not in code) become highlighted chips. */
export function remarkTemplateVariables() {
  return (tree: MdNode) => transform(tree);
}
