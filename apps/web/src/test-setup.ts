import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… waits for a screen to settle: under CI load that can take more than the default second, and a screen
// that shows a server error does so after the query's own retries (1 + 2 + 4 s of real timers).
configure({ asyncUtilTimeout: 20_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
