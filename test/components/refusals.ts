import { HttpError } from 'react-admin';

/**
 * react-admin logs every failed data provider call with console.error, which fails a test
 * (setup.ts); a refusal the test asks for is the one log let through. Undone by restoreAllMocks.
 */
export function allowRefusalLog() {
  const failOnError = console.error;
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!(args[0] instanceof HttpError)) failOnError(...args);
  });
}
