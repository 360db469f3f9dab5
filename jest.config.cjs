// Units, components and the API over HTTP; the browser suites run under Playwright (test/e2e).
const transform = { '^.+\\.(t|j)sx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.jest.json' }] };
// ESM-only packages that ts-jest has to turn into CommonJS for jest.
const esmOnly = ['react-hotkeys-hook', 'content-disposition', 'file-type', 'strtok3', 'token-types', 'uint8array-extras', '@tokenizer', '@borewit'];
const transformIgnorePatterns = [`/node_modules/(?!(${esmOnly.join('|')})/)`];
// file-type offers Node only an `import` entry, which jest (resolving for require) does not take.
const moduleNameMapper = { '^file-type$': '<rootDir>/node_modules/file-type/index.js' };

const api = (displayName, database) => ({
  displayName,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/api/**/*.test.ts'],
  // Suites about several instances sharing one server need PostgreSQL.
  testPathIgnorePatterns: database === 'postgres' ? [] : ['\\.postgres\\.test\\.ts$'],
  setupFiles: ['<rootDir>/test/api/setup.' + database + '.cjs'],
  moduleNameMapper,
  transform,
  transformIgnorePatterns,
});

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
    moduleNameMapper: { '\\.(css)$': '<rootDir>/test/components/styleStub.cjs' },
    transform,
    transformIgnorePatterns,
  },
  api('api (PGlite)', 'pglite'),
];
// CI (and anyone with a server) runs the same API suite on PostgreSQL too.
if (process.env.TEST_DATABASE_URL) projects.push(api('api (PostgreSQL)', 'postgres'));

// A real server on a fresh database takes a few seconds to start (PGlite unpacks itself).
module.exports = { projects, testTimeout: 30000 };
