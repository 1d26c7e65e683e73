import { describe, expect, it } from 'vitest';
import { convertPlaceholders } from './placeholders';

describe('converting placeholders', () => {
  it('turns each common style into a variable, keeping prompts.chat defaults', () => {
    expect(convertPlaceholders('Dear {name}, about [TOPIC] in <language> for ${company} as ${role:a travel guide}.')).toEqual({
      text: 'Dear {{name}}, about {{TOPIC}} in {{language}} for {{company}} as {{role}}.',
      variables: [{ name: 'name' }, { name: 'TOPIC' }, { name: 'language' }, { name: 'company' }, { name: 'role', default: 'a travel guide' }],
    });
  });

  it('leaves what is not a placeholder: existing variables, links, HTML, JSON, lowercase brackets', () => {
    const text = 'Keep {{tone:formal|casual}}, [a link](https://x.io), [note], <br>, <b>bold</b>, {"key": 1} and {a{b}}.';
    expect(convertPlaceholders(text)).toEqual({ text, variables: [] });
  });

  it('names a repeated placeholder once', () => {
    expect(convertPlaceholders('{x} and {x} and ${x:later}').variables).toEqual([{ name: 'x' }]);
  });
});
