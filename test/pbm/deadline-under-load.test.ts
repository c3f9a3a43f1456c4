// Issue 26, finding 2 (background jobs do not wait behind one another): a move deadline fires within a few seconds
// of its time while every webhook worker is held by a target that never answers, more deliveries are queued behind
// them, and bot matches keep the bot-move queue busy.
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_JOB_SETTINGS } from '../../src/service/index.ts'
import { gql, RACE_DECK, startTestServer, type TestServer } from '../support/server.ts'
import { waitFor } from '../support/wait-for.ts'

const WEBHOOK_WORKERS = 4
/** Deliveries to the silent target: as many as the workers, and as many again waiting behind them. */
const DELIVERIES = WEBHOOK_WORKERS * 3
const BOT_MATCHES = 4
/** "Within a few seconds" of the contract: a bound on the lateness, generous for a shared machine. */
const LATE_BOUND_MS = 5_000

let srv: TestServer
let silent: Server
/** Requests the silent target holds open (accepted, never answered). */
let holding = 0

beforeAll(async () => {
  silent = createServer(() => void holding++)
  await new Promise<void>(r => silent.listen(0, '127.0.0.1', r))
  srv = await startTestServer({
    webhooks: { hosts: null, allowPrivate: true },
    jobSettings: { ...DEFAULT_JOB_SETTINGS, webhookConcurrency: WEBHOOK_WORKERS, webhookTimeoutMs: 60_000 },
  })
})

afterAll(async () => {
  silent.closeAllConnections()
  await new Promise(r => silent.close(r))
  await srv.close()
})

const CREATE = `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id } } }`

async function create(input: Record<string, unknown>): Promise<string> {
  const res = await gql(srv.app, CREATE, { input })
  expect(res.errors).toBeUndefined()
  return res.data.createMatch.match.id
}

describe('a deadline is not held back by other jobs', () => {
  it('fires within a few seconds of its time while every webhook worker waits on a silent target and bots play', async () => {
    const url = `http://127.0.0.1:${(silent.address() as { port: number }).port}/hook`
    // One player per delivery, so that each may take a worker of its own (a player's deliveries go one at a time).
    for (let i = 0; i < DELIVERIES; i++) {
      const p = (
        await gql(srv.app, `mutation($n: String!) { createPlayer(name: $n) { key player { id } } }`, { n: `slow-${i}` })
      ).data.createPlayer
      expect(
        (
          await gql(
            srv.app,
            `mutation($u: String!) { setWebhook(url: $u, secret: "slow-secret") { id } }`,
            { u: url },
            p.key,
          )
        ).errors,
      ).toBeUndefined()
      await create({ game: 'race-to-20', seats: [{ deck: RACE_DECK }, { player: p.player.id }] })
    }
    await waitFor('every webhook worker held by the silent target', () => holding === WEBHOOK_WORKERS)
    const bots = []
    for (let i = 0; i < BOT_MATCHES; i++) {
      bots.push(
        await create({
          game: 'race-to-20',
          seats: [
            { bot: { kind: 'random' }, deck: RACE_DECK },
            { bot: { kind: 'random' }, deck: RACE_DECK },
          ],
          options: { target: 100_000 },
        }),
      )
    }

    const clocked = await create({
      game: 'race-to-20',
      seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }],
      clock: { perMoveSeconds: 2, onTimeout: 'FORFEIT' },
    })
    const [{ deadline }] = (await srv.db.sql.query<{ deadline: Date }>(`SELECT deadline FROM "Match" WHERE id = $1`, [
      clocked,
    ])) as [{ deadline: Date }]
    const timeout = await waitFor(
      'the timeout',
      async () =>
        (
          await srv.db.sql.query<{ at: Date }>(
            `SELECT "createdAt" AS at FROM "Action" WHERE "matchId" = $1 AND kind = 'timeout'`,
            [clocked],
          )
        )[0],
      30_000,
    )

    // Meanwhile nothing else was let go: the workers still wait on the silent target, deliveries wait behind them,
    // and the bots still play.
    expect(holding).toBe(WEBHOOK_WORKERS)
    const [{ waiting }] = (await srv.db.sql.query<{ waiting: number }>(
      `SELECT count(*)::int AS waiting FROM "WebhookDelivery" WHERE url = $1 AND status = 'pending' AND attempts = 0`,
      [url],
    )) as [{ waiting: number }]
    expect(waiting).toBeGreaterThanOrEqual(DELIVERIES - WEBHOOK_WORKERS)
    const [{ playing }] = (await srv.db.sql.query<{ playing: number }>(
      `SELECT count(*)::int AS playing FROM "Match" WHERE id = ANY($1::text[]) AND status = 'ACTIVE' AND version > 0`,
      [bots],
    )) as [{ playing: number }]
    expect(playing).toBe(BOT_MATCHES)
    expect(new Date(timeout.at).getTime() - new Date(deadline).getTime()).toBeLessThan(LATE_BOUND_MS)
    expect(new Date(timeout.at).getTime()).toBeGreaterThanOrEqual(new Date(deadline).getTime())
  }, 90_000)
})
