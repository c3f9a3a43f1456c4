// Server processes started at once on an empty PostgreSQL database all start and serve.
import { afterAll, describe, expect, it } from 'vitest'
import { scratchDatabase, type ScratchDatabase } from '../support/scratch-postgres.ts'
import { startServerProcess, type ServerProcess } from '../support/server-process.ts'

// A fleet deployment (or a Kubernetes rollout) starts every process at the same moment on a new database:
// each applies the migrations and creates pg-boss's schema and queues, which must not deadlock (issue 26, 14).
const PROCESSES = 3

let scratch: ScratchDatabase | undefined
const started: ServerProcess[] = []
afterAll(async () => {
  for (const s of started) s.child.kill('SIGKILL')
  await scratch?.drop()
})

describe('processes started at once on an empty PostgreSQL database', () => {
  it(`all ${PROCESSES} start and serve`, async () => {
    scratch = await scratchDatabase('arbiter_start')
    const results = await Promise.allSettled(
      Array.from({ length: PROCESSES }, () => startServerProcess(scratch!.url(), { REDIS_URL: '' })),
    )
    for (const r of results) if (r.status === 'fulfilled') started.push(r.value)
    const failures = results.flatMap(r => (r.status === 'rejected' ? [String(r.reason).slice(0, 2_000)] : []))
    expect(failures).toEqual([])
    for (const s of started) {
      const health = await fetch(`${s.url}/health`)
      expect(await health.json()).toEqual({ status: 'ok', database: 'postgres' })
      const res = await fetch(`${s.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'mutation { createPlayer(name: "fleet") { player { id } } }' }),
      })
      expect((await res.json()).errors).toBeUndefined()
    }
  }, 120_000)
})
