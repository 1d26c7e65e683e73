import { describe, expect, it } from 'vitest';
import { plainPreview } from './plain-preview';

describe('the plain-text preview of a Markdown prompt', () => {
  it('strips Markdown syntax and keeps the words, link texts and variables', () => {
    const md = [
      '# Contract **review**',
      '',
      '> Read _carefully_.',
      '',
      '- first `clause`',
      '1. see [the guide](https://example.com)',
      '',
      '| Clause | Risk |',
      '| --- | --- |',
      '| 4.2 | High |',
      '',
      '```sql',
      'select 1;',
      '```',
      'Fill {{topic}} in.',
    ].join('\n');
    expect(plainPreview(md)).toBe('Contract review Read carefully. first clause see the guide Clause Risk 4.2 High select 1; Fill {{topic}} in.');
  });

  it('leaves plain text and snake_case words alone', () => {
    expect(plainPreview('Use user_id and 2 * 3 here')).toBe('Use user_id and 2 * 3 here');
  });
});
