import { describe, expect, it } from 'vitest';
import { launchTarget, launchUrlProblem, MAX_LAUNCH_URL_LENGTH } from './launch-url';

describe('launch URLs', () => {
  it('accepts https addresses with {prompt} after the host', () => {
    expect(launchUrlProblem('https://chatgpt.com/?q={prompt}')).toBeNull();
    expect(launchUrlProblem('https://www.perplexity.ai/search?q={prompt}&focus=internet')).toBeNull();
  });

  it('refuses anything else with a message naming the problem', () => {
    expect(launchUrlProblem('http://chatgpt.com/?q={prompt}')).toBe('Launch URL must start with https://');
    expect(launchUrlProblem('javascript:alert(1)//{prompt}')).toBe('Launch URL must start with https://');
    expect(launchUrlProblem('https://chatgpt.com/')).toBe('Launch URL must contain {prompt}, where the prompt text goes');
    expect(launchUrlProblem('https://{prompt}.example.com/')).toBe('Launch URL must put {prompt} after the host name');
    expect(launchUrlProblem('https:// spaced.example/{prompt}')).toBe('Launch URL is not a valid address');
  });

  it('encodes the text into the address, or falls back to the application when it would be too long', () => {
    expect(launchTarget('https://chatgpt.com/?q={prompt}', 'Hi & bye?')).toEqual({ url: 'https://chatgpt.com/?q=Hi%20%26%20bye%3F', fits: true });
    const long = 'x'.repeat(MAX_LAUNCH_URL_LENGTH);
    expect(launchTarget('https://www.perplexity.ai/search?q={prompt}', long)).toEqual({ url: 'https://www.perplexity.ai/', fits: false });
  });
});
