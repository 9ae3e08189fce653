/** Two projects so unit tests (pure, fast) and integration tests (local platform over loopback) run apart. */
const transform = {
  '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } }],
};
module.exports = {
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  projects: [
    { displayName: 'unit', testEnvironment: 'node', transform, testMatch: ['<rootDir>/test/unit/**/*.test.ts?(x)'] },
    { displayName: 'integration', testEnvironment: 'node', transform, testMatch: ['<rootDir>/test/integration/**/*.test.ts'] },
    // Headless Chromium against the built add-in and a local platform; builds once, so it needs time.
    { displayName: 'browser', testEnvironment: 'node', transform, testMatch: ['<rootDir>/test/browser/**/*.test.ts'] },
  ],
};
