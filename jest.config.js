// Four projects: the pure domain core, the browser client (jsdom), the API server and the
// browser journeys in real Chromium. `npm test` runs them through scripts/test.mjs.
const transform = { '^.+\\.(t|j)sx?$': 'babel-jest' };
// ESM-only packages that jest must transform to run in its CommonJS module system (cookie 2 is
// required by light-my-request, which app.inject uses in the server tests).
const transformIgnorePatterns = ['/node_modules/(?!(@formatjs|intl-messageformat|react-intl|nock|cookie)/)'];

const common = { transform, transformIgnorePatterns, moduleFileExtensions: ['ts', 'tsx', 'js', 'json'] };

module.exports = {
  projects: [
    { ...common, displayName: 'domain', testEnvironment: 'node', testMatch: ['<rootDir>/__tests__/domain/**/*.test.ts'] },
    {
      ...common,
      displayName: 'client',
      testEnvironment: '<rootDir>/__tests__/helpers/jsdomWithFetch.js',
      testMatch: ['<rootDir>/__tests__/client/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/__tests__/helpers/clientSetup.ts'],
      moduleNameMapper: {
        '\\.(css)$': '<rootDir>/__tests__/helpers/styleStub.js',
        // A catalogue area (src/i18n/loadCatalogue.ts) is the whole string catalogue under jest.
        '^.*/translations/([a-z]+)\\.json\\?area=[A-Za-z]+$': '<rootDir>/translations/$1.json',
      },
    },
    {
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/__tests__/server/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/__tests__/helpers/serverSetup.ts'],
    },
    {
      ...common,
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/__tests__/e2e/**/*.test.ts'],
      globalSetup: '<rootDir>/__tests__/e2e/harness/globalSetup.ts',
      globalTeardown: '<rootDir>/__tests__/e2e/harness/globalTeardown.ts',
      testTimeout: 60000,
    },
  ],
};
