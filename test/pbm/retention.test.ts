// Issue 26, finding 12 (retention): the sweep deletes WAITING matches nobody joined or left for
// RETENTION_WAITING_MATCHES_DAYS and finished webhook rows after RETENTION_WEBHOOK_DELIVERIES_DAYS; 0 keeps them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GameRegistry } from '../../src/kernel/index.ts'
import { createServices, type Services } from '../../src/service/index.ts'
import { pruneOld } from '../../src/service/retention.ts'
import type { Database } from '../../src/store/database.ts'
import { openJobQueue, type JobQueue } from '../../src/store/jobs.ts'
import { openTestDatabase } from '../support/db.ts'
import { RACE_DECK } from '../support/server.ts'
import { raceGame } from '../support/test-game.ts'

let db: Database
let queue: JobQueue
let services: Services

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
      retention: { waitingMatchesDays: 7, webhookDeliveriesDays: 3, playerEventsDays: 0 },
    },
  )
})

afterAll(async () => {
  await queue.stop()
  await db.close()
})

async function age(table: 'Match' | 'WebhookDelivery', id: string, days: number): Promise<void> {
  await db.sql.query(`UPDATE "${table}" SET "updatedAt" = "updatedAt" - make_interval(days => $2) WHERE id = $1`, [
    id,
    days,
  ])
}

async function exists(table: 'Match' | 'WebhookDelivery', id: string): Promise<boolean> {
  return (await db.sql.query(`SELECT 1 FROM "${table}" WHERE id = $1`, [id])).length > 0
}

describe('retention in the sweep', () => {
  it('deletes stale WAITING matches and finished webhook rows past their days, keeps the rest; 0 keeps them forever', async () => {
    const waiting = async () =>
      (await services.matches.create({ game: 'race-to-20', seats: [{ deck: RACE_DECK }, { open: true }] })).match.id
    const [stale, fresh, kept] = [await waiting(), await waiting(), await waiting()]
    const active = (
      await services.matches.create({ game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }] })
    ).match.id
    await age('Match', stale, 8)
    await age('Match', fresh, 6)
    await age('Match', active, 30)
    const p = await services.players.create({ name: 'Ret' })
    const row = (status: string) =>
      db.prisma.webhookDelivery.create({
        data: { playerId: p.player.id, type: 'reminder', url: 'https://example.com/h', body: '{}', status },
      })
    const [delivered, failed, pending, recent] = [
      await row('delivered'),
      await row('failed'),
      await row('pending'),
      await row('delivered'),
    ]
    for (const d of [delivered, failed, pending]) await age('WebhookDelivery', d.id, 4)

    // 0 days keeps everything.
    expect(await pruneOld(db, { waitingMatchesDays: 0, webhookDeliveriesDays: 0, playerEventsDays: 0 })).toEqual({
      matches: 0,
      deliveries: 0,
      events: 0,
    })
    await age('Match', kept, 8)
    await db.sql.query(`UPDATE "Match" SET status = 'ACTIVE' WHERE id = $1`, [kept])

    await services.background!.sweep()
    expect(await exists('Match', stale)).toBe(false)
    expect(await exists('Match', fresh)).toBe(true)
    expect(await exists('Match', active)).toBe(true)
    expect(await exists('Match', kept)).toBe(true)
    expect(await exists('WebhookDelivery', delivered.id)).toBe(false)
    expect(await exists('WebhookDelivery', failed.id)).toBe(false)
    expect(await exists('WebhookDelivery', pending.id)).toBe(true)
    expect(await exists('WebhookDelivery', recent.id)).toBe(true)
  })
})
