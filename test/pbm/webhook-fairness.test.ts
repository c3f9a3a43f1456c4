// Issue 26, finding 2: one player's slow webhook holds back nobody else's (several deliveries at once per process,
// each player's one at a time).
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GameRegistry } from '../../src/kernel/index.ts'
import { createServices, DEFAULT_JOB_SETTINGS, type Services } from '../../src/service/index.ts'
import type { Database } from '../../src/store/database.ts'
import { openJobQueue, type JobQueue } from '../../src/store/jobs.ts'
import { openTestDatabase } from '../support/db.ts'
import { RACE_DECK } from '../support/server.ts'
import { raceGame } from '../support/test-game.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts'

let db: Database
let queue: JobQueue
let services: Services
let receiver: WebhookReceiver
let silent: Server
let silentHits = 0

beforeAll(async () => {
  db = await openTestDatabase()
  queue = await openJobQueue(db, () => {})
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
        jobWorkers: 2,
        webhookConcurrency: 4,
        webhookConnectTimeoutMs: 1_000,
        webhookTimeoutMs: 3_000,
      },
    },
  )
  await services.background!.start()
  receiver = await startWebhookReceiver()
  // Accepts every connection and never answers: each attempt lasts the whole answer timeout.
  silent = createServer(() => void silentHits++)
  await new Promise<void>(r => silent.listen(0, '127.0.0.1', r))
})

afterAll(async () => {
  silent.closeAllConnections()
  await new Promise(r => silent.close(r))
  await services.background!.stop()
  await queue.stop()
  await db.close()
  await receiver.close()
})

async function playerWithWebhook(name: string, url: string): Promise<string> {
  const p = await services.players.create({ name })
  await services.players.setWebhook({ token: p.key }, { url, secret: `${name}-secret` })
  return p.player.id
}

describe('webhook delivery is fair between players', () => {
  it("a victim's delivery is POSTed within 2 s although 12 deliveries to a target that never answers were queued before it", async () => {
    const slow = await playerWithWebhook('Slow', `http://127.0.0.1:${(silent.address() as { port: number }).port}/hook`)
    const victim = await playerWithWebhook('Victim', receiver.url)
    for (let i = 0; i < 12; i++)
      await services.matches.create({ game: 'race-to-20', seats: [{ deck: RACE_DECK }, { player: slow }] })
    // The slow target is being held up (its first attempt is in flight).
    for (let i = 0; i < 100 && silentHits === 0; i++) await new Promise(r => setTimeout(r, 50))
    expect(silentHits).toBeGreaterThan(0)
    const invitedAt = Date.now()
    const created = await services.matches.create({
      game: 'race-to-20',
      seats: [{ deck: RACE_DECK }, { player: victim }],
    })
    const [row] = await db.prisma.webhookDelivery.findMany({ where: { matchId: created.match.id, playerId: victim } })
    let deliveredAt = 0
    for (let i = 0; i < 400 && !deliveredAt; i++) {
      if (receiver.received.some(r => r.delivery === row!.id)) deliveredAt = Date.now()
      else await new Promise(r => setTimeout(r, 25))
    }
    expect(deliveredAt).toBeGreaterThan(0)
    expect(deliveredAt - invitedAt).toBeLessThan(2_000)
    // The slow player's deliveries went one at a time: never more than one of its connections open at once.
    expect(silentHits).toBeLessThanOrEqual(2)
  }, 30_000)
})
