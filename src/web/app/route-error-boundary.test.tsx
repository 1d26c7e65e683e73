import { act, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DelayedSplash, SPLASH_DELAY_MS } from './delayed-splash';
import { RouteErrorBoundary } from './route-error-boundary';

function Broken(): never {
  throw new Error('render failed');
}

describe('the route error boundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows "Something went wrong" with Reload for a render error, and recovers on another page', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { rerender } = render(
      <RouteErrorBoundary resetKey="/broken">
        <Broken />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    rerender(
      <RouteErrorBoundary resetKey="/all-prompts">
        <p>All prompts</p>
      </RouteErrorBoundary>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('All prompts')).toBeInTheDocument();
  });

  it('catches a page whose code fails to download', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const Page = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(
      <RouteErrorBoundary resetKey="/user-management">
        <Suspense fallback={<p>Loading</p>}>
          <Page />
        </Suspense>
      </RouteErrorBoundary>,
    );
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });
});

describe('the splash while the current user loads', () => {
  afterEach(() => vi.useRealTimers());

  it('shows nothing for the first 300 ms, then a status', () => {
    vi.useFakeTimers();
    const { container } = render(<DelayedSplash />);
    act(() => vi.advanceTimersByTime(SPLASH_DELAY_MS - 1));
    expect(container).toBeEmptyDOMElement();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent('Loading AI Prompts Database…');
  });
});
