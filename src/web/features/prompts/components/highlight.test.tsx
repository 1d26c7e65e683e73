import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Highlight } from './highlight';

const marked = (text: string, search: string) =>
  [...render(<Highlight text={text} search={search} />).container.querySelectorAll('mark')].map((m) => m.textContent);

describe('Highlight', () => {
  it('marks whole words and word prefixes, in any case, by the server’s word-prefix rule', () => {
    expect(marked('Art and artists: a start', 'art')).toEqual(['Art', 'art']);
    expect(marked('Summarize the summary', 'SUMMAR')).toEqual(['Summar', 'summar']);
  });
  it('marks every word of the search, and never inside a word', () => {
    expect(marked('Draft a meeting summary', 'meet summ')).toEqual(['meet', 'summ']);
    expect(marked('restart', 'start')).toEqual([]);
    expect(marked('Meeting to meet', 'meet meeting')).toEqual(['Meeting', 'meet']);
  });
  it('leaves the text whole when the search has no words', () => {
    const { container } = render(<Highlight text="(a+b)*" search=" *+ " />);
    expect(container.textContent).toBe('(a+b)*');
    expect(container.querySelector('mark')).toBeNull();
  });
});
