import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    // A hung test fails within a minute; the few that need longer (whole tournaments, several server processes)
    // say so themselves. Speed is measured by npm run bench, not here.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Every test client comes from 127.0.0.1, and a shared PostgreSQL database keeps the count between runs:
    // quotas are off unless a test sets them (test/pbm/quotas.test.ts).
    env: { QUOTA_MATCHES_PER_HOUR: '0', QUOTA_PLAYERS_PER_HOUR: '0', QUOTA_DECKS_PER_HOUR: '0' },
  },
})
