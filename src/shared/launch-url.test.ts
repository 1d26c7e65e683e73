import { describe, expect, it } from 'vitest';
import { homeUrlProblem, launchTarget, launchUrlProblem, MAX_LAUNCH_URL_LENGTH } from './launch-url';

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

  it('falls back to the home URL, when there is one, for a text too long for the address', () => {
    const long = 'x'.repeat(MAX_LAUNCH_URL_LENGTH);
    expect(launchTarget('https://chat.example.com/?q={prompt}', long, 'https://chat.example.com/new')).toEqual({
      url: 'https://chat.example.com/new',
      fits: false,
    });
  });
});

describe('home URLs', () => {
  it('accept any https address opened as it is', () => {
    expect(homeUrlProblem('https://claude.ai/new')).toBeNull();
    expect(homeUrlProblem('https://chat.mistral.ai/chat?lang=en#top')).toBeNull();
  });

  it('refuse anything else with a message naming the problem', () => {
    expect(homeUrlProblem('http://claude.ai/')).toBe('Home URL must start with https://');
    expect(homeUrlProblem('javascript:alert(1)')).toBe('Home URL must start with https://');
    expect(homeUrlProblem('claude.ai')).toBe('Home URL must start with https://');
    expect(homeUrlProblem('https://claude.ai/new?q={prompt}')).toBe('Home URL is opened as it is: an address with {prompt} belongs in Launch URL');
    expect(homeUrlProblem('https://')).toBe('Home URL is not a valid address');
    expect(homeUrlProblem('https://claude .ai/')).toBe('Home URL is not a valid address');
    expect(homeUrlProblem('https://claude.ai@evil.example/')).toBe('Home URL must not contain a user name or password');
  });
});
