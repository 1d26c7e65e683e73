import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VisibilityBadge } from './visibility-badge';

describe('the visibility badge', () => {
  it('says "Private" for a private prompt', () => {
    render(<VisibilityBadge visibility="private" units={[]} />);
    expect(screen.getByText('Private')).toBeInTheDocument();
  });

  it('names the units, whole in its tooltip and its text however narrow it is drawn', () => {
    const units = ['Legal', 'HR', 'Research and Development', 'Customer Success'];
    const { container } = render(<VisibilityBadge visibility="units" units={units} className="max-w-[8rem]" />);
    const text = 'Units: Legal, HR, Research and Development, Customer Success';
    const badge = container.firstElementChild as HTMLElement;
    expect(badge).toHaveAttribute('title', text);
    expect(badge).toHaveTextContent(text);
    // Cut by the stylesheet, not in the text: an ellipsis inside a box that may not grow past its room.
    expect(badge.className).toContain('max-w-[8rem]');
    expect(badge.querySelector('.truncate')).toHaveTextContent(text);
  });

  it('draws nothing for a prompt the whole organization sees', () => {
    const { container } = render(<VisibilityBadge visibility="organization" units={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
