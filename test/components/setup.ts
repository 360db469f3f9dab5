import '@testing-library/jest-dom';

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
