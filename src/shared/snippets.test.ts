import { describe, expect, it } from 'vitest';
import { expandSnippets, includedSnippetNames, MAX_EXPANDED_LENGTH, type SnippetText, snippetProblemMessage } from './snippets';

const library = (entries: Record<string, string>) => {
  const byName = new Map<string, SnippetText>(Object.entries(entries).map(([name, content]) => [name.toLowerCase(), { name, content }]));
  return (lower: string) => byName.get(lower);
};

describe('snippet inclusions', () => {
  it('names each included snippet once, in order, in any case and with spaces inside the braces; escaped ones are text', () => {
    expect(includedSnippetNames('{{> a}} {{>B_2}} {{>  a }} \\{{> c}} {{> bad name}} {{name}}')).toEqual(['a', 'B_2']);
  });

  it('expands snippets inside snippets, leaving variables and escapes for the template', () => {
    const lookup = library({ Style: 'Plain words. {{> sign}}', sign: 'Regards, {{author}} \\{{literal}}' });
    expect(expandSnippets('Hi {{name}}. {{> style}}', lookup)).toEqual({ text: 'Hi {{name}}. Plain words. Regards, {{author}} \\{{literal}}', problem: null });
    expect(expandSnippets('\\{{> style}}', lookup)).toEqual({ text: '\\{{> style}}', problem: null });
  });

  it('names a missing snippet, a loop and nesting deeper than three levels, and leaves the text as written', () => {
    expect(expandSnippets('x {{> gone}}', library({}))).toEqual({ text: 'x {{> gone}}', problem: { kind: 'missing', name: 'gone' } });
    const loop = expandSnippets('{{> a}}', library({ a: '{{> b}}', b: '{{> A}}' }));
    expect(loop.problem).toEqual({ kind: 'loop', path: ['a', 'b', 'a'] });
    expect(snippetProblemMessage(loop.problem!)).toBe('Snippets include each other in a loop: a → b → a');
    const deep = library({ l1: '{{> l2}}', l2: '{{> l3}}', l3: '{{> l4}}', l4: 'bottom' });
    expect(expandSnippets('{{> l2}}', deep)).toEqual({ text: 'bottom', problem: null });
    expect(expandSnippets('{{> l1}}', deep).problem).toEqual({ kind: 'tooDeep', path: ['l1', 'l2', 'l3', 'l4'] });
    // A snippet checked as itself counts as a level, with the levels of snippets including it above.
    expect(expandSnippets('{{> l3}}', deep, { path: ['l2'] }).problem).toBe(null);
    expect(expandSnippets('{{> l3}}', deep, { path: ['l2'], levelsAbove: 1 }).problem).toEqual({ kind: 'tooDeep', path: ['l2', 'l3', 'l4'] });
  });

  it('stops a text that would grow past the limit as soon as it does', () => {
    const big = 'x'.repeat(60_000);
    const lookup = library({ big, many: '{{> big}}{{> big}}' });
    expect(expandSnippets('{{> many}}', lookup).problem).toBe(null);
    const huge = expandSnippets('{{> many}}{{> many}}', lookup);
    expect(huge.problem).toEqual({ kind: 'tooLong' });
    expect(huge.text).toBe('{{> many}}{{> many}}');
    expect(MAX_EXPANDED_LENGTH).toBe(200_000);
  });
});
