import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// A list round trip takes several renders; on a loaded CI machine that can pass one second.
// (Only how long findBy/waitFor may wait before failing: passing tests are not slowed.)
configure({ asyncUtilTimeout: 5000 });

// As in react-admin's own tests: a console.error during a test is a failure, not noise.
const originalError = console.error;
beforeEach(() => {
  console.error = (...args: unknown[]) => {
    originalError(...args);
    throw new Error(`console.error was called: ${String(args[0]).slice(0, 300)}`);
  };
});
afterEach(() => {
  console.error = originalError;
});
