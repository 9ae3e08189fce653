/** Two projects so unit tests (pure, fast) and integration tests (local platform over loopback) run apart. */
const transform = {
  '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } }],
};
// oidc-provider, oauth4webapi and jose ship only ES modules: swc turns them into CommonJS for Jest like our sources.
const transformIgnorePatterns = ['/node_modules/(?!(oidc-provider|oauth4webapi|jose)/)'];
/** The suites that run on both stores: every Platform API, SCIM and OAuth conformance suite. */
const POSTGRES_SUITES = [
  'platform-api', 'spec', 'spec-scim', 'security', 'hostile-ids', 'input-limits', 'deactivation', 'shared-writes',
  'scim', 'scim-users', 'scim-groups', 'scim-filters', 'scim-discovery', 'scim-hardening', 'scim-provisioning',
  'oauth', 'oauth-races', 'oauth-cube-jwt', 'company-sign-in', 'agent-chat', 'server-operations',
  'report-store-ports', 'placement-registry-ports', 'publish-to-platform', 'faults', 'every-write-asks', 'first-run', 'cube-oidc-signin',
];
module.exports = {
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  projects: [
    { displayName: 'unit', testEnvironment: 'node', transform, transformIgnorePatterns, testMatch: ['<rootDir>/test/unit/**/*.test.ts?(x)'] },
    { displayName: 'integration', testEnvironment: 'node', transform, transformIgnorePatterns, testMatch: ['<rootDir>/test/integration/**/*.test.ts'] },
    // The local platform's Core data API against Cube's documented behaviour and independent SQL, one file per area.
    { displayName: 'conformance', testEnvironment: 'node', transform, transformIgnorePatterns, testMatch: ['<rootDir>/test/conformance/**/*.test.ts'] },
    // The Platform API, SCIM and OAuth suites again with the platform's state on PostgreSQL (a throwaway cluster for the
    // run): one suite, two stores. Needs Debian's postgresql package (.ci/run installs it).
    {
      displayName: 'postgres', testEnvironment: 'node', transform, transformIgnorePatterns,
      globalSetup: '<rootDir>/test/postgres/global-setup.ts', globalTeardown: '<rootDir>/test/postgres/global-teardown.ts',
      // Seen by this project's test files only (the cluster's URL is in every worker's environment, since global
      // set-ups run before any project's tests): test/support/test-state.ts puts their state on PostgreSQL.
      globals: { TEST_STATE_STORE: 'postgres' },
      testMatch: [...POSTGRES_SUITES.map((name) => `<rootDir>/test/integration/${name}.test.ts`), '<rootDir>/test/postgres/**/*.test.ts'],
    },
    // Headless Chromium against the built add-in and a local platform; builds once, so it needs time.
    { displayName: 'browser', testEnvironment: 'node', transform, transformIgnorePatterns, testMatch: ['<rootDir>/test/browser/**/*.test.ts'] },
  ],
};
