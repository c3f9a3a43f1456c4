// Issue 26 (webhooks, contract wave3-reliability): retries run in the order they are due. A retry due later than a
// newer delivery waits behind it when both are due, instead of going first because its job is older.
import { createServer, type ServerResponse, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GameRegistry } from '../../src/kernel/index.ts'
import { createServices, DEFAULT_JOB_SETTINGS, type Services } from '../../src/service/index.ts'
import type { Database } from '../../src/store/database.ts'
import { openDatabase } from '../../src/store/database.ts'
import { openJobQueue, type JobQueue } from '../../src/store/jobs.ts'
import { openTestDatabase } from '../support/db.ts'
import { scratchDatabase, type ScratchDatabase } from '../support/scratch-postgres.ts'
import { RACE_DECK } from '../support/server.ts'
import { raceGame } from '../support/test-game.ts'
import { waitFor } from '../support/wait-for.ts'

let db: Database
let scratch: ScratchDatabase | undefined
let queue: JobQueue
let services: Services
let target: Server
let base = ''
/** Each POST in the order it arrived: the path it was sent to (the player's role) and its delivery id. */
const arrivals: { role: string; delivery: string }[] = []
/** The gate's answer, held until the test lets it go. */
let held: ServerResponse | null = null
/** The retried player's target fails its first two attempts. */
let retriedFailures = 0

beforeAll(async () => {
  // A database of its own on PostgreSQL: on the shared one, other test files' workers would take these deliveries too.
  if (process.env.DATABASE_URL) {
    scratch = await scratchDatabase('arbiter_retry_order')
    db = await openDatabase({ kind: 'postgres', url: scratch.url(), poolSize: 5 })
  } else db = await openTestDatabase()
  queue = await openJobQueue(db, () => {})
  // One delivery at a time: which of two due deliveries runs first is the queue's order, nothing else.
  services = createServices(
    db,
    new GameRegistry([raceGame]),
    { match: () => {}, player: () => {} },
    queue,
    () => {},
    undefined,
    {
      webhooks: { hosts: null, allowPrivate: true },
      jobs: {
        ...DEFAULT_JOB_SETTINGS,
        webhookConcurrency: 1,
        webhookConnectTimeoutMs: 2_000,
        webhookTimeoutMs: 30_000,
      },
    },
  )
  await services.background!.start()
  target = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      const role = req.url!.slice(1)
      arrivals.push({ role, delivery: String(req.headers['x-arbiter-delivery']) })
      if (role === 'gate') held = res
      else if (role === 'retried' && retriedFailures < 2) {
        retriedFailures++
        res.writeHead(500).end()
      } else res.writeHead(200).end()
    })
  })
  await new Promise<void>(r => target.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(target.address() as { port: number }).port}`
})

afterAll(async () => {
  if (held && !held.headersSent) held.writeHead(200).end()
  target.closeAllConnections()
  await new Promise(r => target.close(r))
  await services.background!.stop()
  await queue.stop()
  await db.close()
  await scratch?.drop()
})

async function playerWithWebhook(role: string): Promise<string> {
  const p = await services.players.create({ name: role })
  await services.players.setWebhook({ token: p.key }, { url: `${base}/${role}`, secret: `${role}-secret` })
  return p.player.id
}

/** An anonymous creator invites the player: one `invited` event, so one delivery; returns its id. */
async function invite(playerId: string): Promise<string> {
  const created = await services.matches.create({
    game: 'race-to-20',
    seats: [{ deck: RACE_DECK }, { player: playerId }],
  })
  const [row] = await db.prisma.webhookDelivery.findMany({ where: { matchId: created.match.id, playerId } })
  return row!.id
}

/** Whether a job of the delivery waits in the queue and is due. */
async function dueInQueue(deliveryId: string): Promise<boolean> {
  const rows = await db.sql.query(
    `SELECT 1 FROM pgboss.job WHERE name = 'webhook' AND data->>'id' = $1 AND state IN ('created', 'retry') AND start_after < now()`,
    [deliveryId],
  )
  return rows.length > 0
}

describe('webhook retries run in the order they are due', () => {
  it('a retry due 2 s after its failure runs after a newer delivery due before it, once both wait for the one worker', async () => {
    const retried = await playerWithWebhook('retried')
    const gate = await playerWithWebhook('gate')
    const fresh = await playerWithWebhook('fresh')
    const retriedDelivery = await invite(retried)
    // Its second attempt fails: its third is due 2 s later (1 s, 2 s, 4 s, …).
    await waitFor(
      'the second failed attempt',
      () => retriedFailures === 2 && arrivals.filter(a => a.role === 'retried').length === 2,
    )
    await waitFor(
      'the second attempt written',
      async () => (await db.prisma.webhookDelivery.findUnique({ where: { id: retriedDelivery } }))?.attempts === 2,
    )
    // The one worker is held by the gate's delivery, which answers only when the test lets it.
    await invite(gate)
    await waitFor('the gate holding the worker', () => held !== null)
    // Written after the retry was queued, and due at once: before the retry is.
    const freshDelivery = await invite(fresh)
    await waitFor('the retry due', () => dueInQueue(retriedDelivery))
    expect(await dueInQueue(freshDelivery)).toBe(true)
    held!.writeHead(200).end()
    await waitFor(
      'both delivered',
      () => arrivals.some(a => a.role === 'fresh') && arrivals.filter(a => a.role === 'retried').length === 3,
    )
    const order = arrivals.map(a => a.role)
    expect(order.indexOf('fresh')).toBeLessThan(order.lastIndexOf('retried'))
    expect(arrivals.find(a => a.role === 'fresh')!.delivery).toBe(freshDelivery)
    expect((await db.prisma.webhookDelivery.findUnique({ where: { id: retriedDelivery } }))?.status).toBe('delivered')
  }, 60_000)
})
