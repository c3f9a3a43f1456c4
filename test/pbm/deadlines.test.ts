// Deadlines on the job queue: each fires exactly once with three servers on one database, and survives a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/store/database.ts'
import { openTestDatabase } from '../support/db.ts'
import { gql, RACE_DECK, startTestServer, type TestServer } from '../support/server.ts'
import { waitFor } from '../support/wait-for.ts'

let db: Database
beforeAll(async () => {
  db = await openTestDatabase()
})
afterAll(async () => db.close())

const CREATE = `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id } } }`
const clocked = (seconds: number) => ({
  game: 'race-to-20',
  seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }],
  clock: { perMoveSeconds: seconds, onTimeout: 'FORFEIT' },
})

async function timedOut(ids: string[]): Promise<{ matchId: string; kind: string }[]> {
  return db.sql.query<{ matchId: string; kind: string }>(
    `SELECT "matchId", kind FROM "Action" WHERE "matchId" = ANY($1::text[]) ORDER BY "matchId", seq`,
    [ids],
  )
}

/** Whether a deadline job of any of the matches is still queued or running: until none is, one could fire again. */
async function deadlineJobsLeft(ids: string[]): Promise<boolean> {
  const rows = await db.sql.query(
    `SELECT 1 FROM pgboss.job WHERE name = 'deadline' AND data->>'matchId' = ANY($1::text[]) AND state < 'completed' LIMIT 1`,
    [ids],
  )
  return rows.length > 0
}

describe('deadlines on the job queue', () => {
  it('with three servers on one database, each deadline fires exactly once', async () => {
    const servers: TestServer[] = []
    for (let i = 0; i < 3; i++) servers.push(await startTestServer({ db }))
    try {
      const ids: string[] = []
      for (let i = 0; i < 6; i++)
        ids.push((await gql(servers[i % 3]!.app, CREATE, { input: clocked(1) })).data.createMatch.match.id)
      await waitFor('every match to time out', async () => (await timedOut(ids)).length >= ids.length, 60_000)
      // A second firing needs a deadline job of its own: once none is left, any duplicate is in the log.
      await waitFor('no deadline job left', async () => !(await deadlineJobsLeft(ids)), 60_000)
      const rows = await timedOut(ids)
      expect(rows).toEqual(
        ids
          .slice()
          .sort()
          .map(matchId => ({ matchId, kind: 'timeout' })),
      )
    } finally {
      for (const s of servers) await s.close()
    }
  }, 150_000)

  it('a deadline scheduled before a restart fires after it', async () => {
    const first = await startTestServer({ db })
    const id = (await gql(first.app, CREATE, { input: clocked(2) })).data.createMatch.match.id
    await first.close()
    expect(await timedOut([id])).toEqual([])
    const second = await startTestServer({ db })
    try {
      await waitFor('the deadline after the restart', async () => (await timedOut([id])).length === 1, 60_000)
      expect(await timedOut([id])).toEqual([{ matchId: id, kind: 'timeout' }])
    } finally {
      await second.close()
    }
  })
})
