import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SearchBox } from './search-box';

// The value comes back from the URL late and through every earlier text of a fast typist.
describe('SearchBox', () => {
  const box = () => screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search prompts' });

  it('keeps every key when the URL echoes earlier texts on its way', () => {
    const sent: string[] = [];
    const { rerender } = render(<SearchBox value="" onChange={(v) => sent.push(v)} label="Search prompts" />);
    for (const text of ['n', 'no', 'not', 'note', 'notes']) fireEvent.change(box(), { target: { value: text } });
    expect(sent).toEqual(['n', 'no', 'not', 'note', 'notes']);
    // The URL catches up one step at a time.
    for (const echoed of ['n', 'no', 'not', 'note']) {
      rerender(<SearchBox value={echoed} onChange={(v) => sent.push(v)} label="Search prompts" />);
      expect(box().value).toBe('notes');
    }
    rerender(<SearchBox value="notes" onChange={(v) => sent.push(v)} label="Search prompts" />);
    expect(box().value).toBe('notes');
  });

  it('takes a value from elsewhere (Back, a shared link) once the URL has caught up', () => {
    const { rerender } = render(<SearchBox value="" onChange={() => {}} label="Search prompts" />);
    fireEvent.change(box(), { target: { value: 'notes' } });
    rerender(<SearchBox value="notes" onChange={() => {}} label="Search prompts" />);
    rerender(<SearchBox value="" onChange={() => {}} label="Search prompts" />);
    expect(box().value).toBe('');
    rerender(<SearchBox value="shared link" onChange={() => {}} label="Search prompts" />);
    expect(box().value).toBe('shared link');
  });
});
