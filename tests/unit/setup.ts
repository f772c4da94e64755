import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Public pages render nothing until their message file is in, and Vite transforms that file on
// its first dynamic import: on a cold CI machine that alone took over the default 1 s of findBy*
// (the Arabic sign-in test failed there at 1 s). The wait ends as soon as the element appears.
configure({ asyncUtilTimeout: 8_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
