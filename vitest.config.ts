import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    // Generous: a test must not fail because the machine is slow or busy (speed is measured by npm run bench).
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
})
