import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// findBy… and waitFor give up after 5 s instead of 1: on a shared two-core machine under load, a mocked
// answer and the re-render after it were seen to take longer than a second (a menu still "Searching…").
// A passing test is no slower for it.
configure({ asyncUtilTimeout: 5_000 });
