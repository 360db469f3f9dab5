// Units, components and the API over HTTP; the browser suites run under Playwright (test/e2e).
const transform = { '^.+\\.(t|j)sx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }] };
// ESM-only packages that ts-jest has to turn into CommonJS for jest.
const esmOnly = ['react-hotkeys-hook', 'content-disposition', 'file-type', 'strtok3', 'token-types', 'uint8array-extras', '@tokenizer', '@borewit'];
const transformIgnorePatterns = [`/node_modules/(?!(${esmOnly.join('|')})/)`];
// file-type offers Node only an `import` entry, which jest (resolving for require) does not take.
const moduleNameMapper = { '^file-type$': '<rootDir>/node_modules/file-type/index.js' };

// The PostgreSQL server whose databases the API suites (and the component suites' own server) use:
// TEST_DATABASE_URL's, or an embedded cluster run for this jest run (test/databaseServer.ts).
const databaseServer = { globalSetup: '<rootDir>/test/databaseServer.ts', globalTeardown: '<rootDir>/test/databaseServer.teardown.ts' };

const projects = [
  {
    displayName: 'unit',
    testEnvironment: 'node',
    testMatch: ['<rootDir>/test/unit/**/*.test.ts'],
    moduleNameMapper,
    transform,
    transformIgnorePatterns,
  },
  {
    displayName: 'components',
    testEnvironment: '<rootDir>/test/components/environment.cjs',
    testMatch: ['<rootDir>/test/components/**/*.test.tsx'],
    setupFilesAfterEnv: ['<rootDir>/test/components/setup.ts'],
    ...databaseServer,
    moduleNameMapper: { '\\.(css)$': '<rootDir>/test/components/styleStub.cjs' },
    transform,
    transformIgnorePatterns,
  },
  {
    displayName: 'api',
    testEnvironment: 'node',
    testMatch: ['<rootDir>/test/api/**/*.test.ts'],
    ...databaseServer,
    moduleNameMapper,
    transform,
    transformIgnorePatterns,
  },
];

// A real server on a fresh database takes a few seconds to start on a busy machine.
// One worker per core, not jest's default of one fewer: the API suites wait on PostgreSQL and
// HTTP much of the time, and on two cores the whole run took 237 s with two workers, 407 s with one.
module.exports = { projects, testTimeout: 30000, maxWorkers: '100%' };
