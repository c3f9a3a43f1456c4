import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    // Generous: a test must not fail because the machine is slow or busy (speed is measured by npm run bench).
    testTimeout: 300_000,
    hookTimeout: 120_000,
    // Every test client comes from 127.0.0.1, and a shared PostgreSQL database keeps the count between runs:
    // quotas are off unless a test sets them (test/pbm/quotas.test.ts).
    env: { QUOTA_MATCHES_PER_HOUR: '0', QUOTA_PLAYERS_PER_HOUR: '0', QUOTA_DECKS_PER_HOUR: '0' },
  },
})
