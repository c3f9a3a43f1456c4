// The webhook outbox: deliveries are written by the commit (or the creation) that causes them, a lost job is queued
// again by the sweep, a retried reminder writes no second row (its claim on the match), and one delivery is POSTed once
// even when two jobs for it run at once.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GameRegistry } from '../../src/kernel/index.ts'
import { createServices, type Services } from '../../src/service/index.ts'
import { lostDeliveries } from '../../src/service/deliveries.ts'
import { JOBS } from '../../src/service/match-events.ts'
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
/** Webhook jobs to refuse to queue, as a crash or a database hiccup right after the commit would lose them. */
let lostSends = 0
/** Makes everything after a commit fail at its first step (publishing), as a crash right after the commit would. */
let crashAfterCommit = false
let player: { id: string; key: string }

beforeAll(async () => {
  db = await openTestDatabase()
  queue = await openJobQueue(db, () => {})
  const flaky: JobQueue = {
    ...queue,
    send: async (name, data, opts) => {
      if (name === JOBS.webhook && lostSends > 0) {
        lostSends--
        throw new Error('the job queue is unreachable')
      }
      await queue.send(name, data, opts)
    },
  }
  const crash = () => {
    if (crashAfterCommit) throw new Error('the process died after the commit')
  }
  services = createServices(
    db,
    new GameRegistry([raceGame]),
    { match: crash, player: crash },
    flaky,
    () => {},
    undefined,
    {
      webhooks: { hosts: null, allowPrivate: true },
    },
  )
  await services.background!.start()
  receiver = await startWebhookReceiver()
  const created = await services.players.create({ name: 'Dana' })
  player = { id: created.player.id, key: created.key }
  await services.players.setWebhook({ token: player.key }, { url: receiver.url, secret: 'dana-secret' })
})

afterAll(async () => {
  await services.background!.stop()
  await queue.stop()
  await db.close()
  await receiver.close()
})

/** A match where seat 0 (a seat token) acts first and seat 1 is Dana's. */
async function newMatch() {
  const created = await services.matches.create(
    { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { player: player.id, deck: RACE_DECK }] },
    { token: player.key },
  )
  return { id: created.match.id, token0: created.seats.find(s => s.seat === 0)!.token }
}

function deliveries(matchId: string, type: string) {
  return db.prisma.webhookDelivery.findMany({ where: { matchId, type } })
}

/** The types of the match's delivery rows for Dana, sorted. */
async function danasTypes(matchId: string): Promise<string[]> {
  const rows = await db.prisma.webhookDelivery.findMany({ where: { matchId, playerId: player.id } })
  return rows.map(r => r.type).sort()
}

/** Runs `fn` with everything after its commits failing, as if the process died right after each. */
async function crashingAfterCommit<T>(fn: () => Promise<T>): Promise<T> {
  crashAfterCommit = true
  try {
    return await fn()
  } finally {
    crashAfterCommit = false
  }
}

async function waitDelivered(id: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const d = await db.prisma.webhookDelivery.findUnique({ where: { id } })
    if (d?.status === 'delivered') return
    await new Promise(r => setTimeout(r, 100))
  }
}

describe('the webhook outbox', () => {
  it('a yourTurn whose job was lost after the commit is queued by the sweep once 30 s old, and POSTed exactly once', async () => {
    const m = await newMatch()
    lostSends = 1
    const moved = await services.matches.submit({ matchId: m.id, action: { type: 'roll' } }, { token: m.token0 })
    expect(moved.match.toAct).toEqual([1])
    expect(lostSends).toBe(0)
    const [row] = await deliveries(m.id, 'yourTurn')
    expect(row).toMatchObject({ playerId: player.id, status: 'pending', attempts: 0, url: receiver.url })
    expect(await lostDeliveries(db)).not.toContain(row!.id)

    await db.sql.query(`UPDATE "WebhookDelivery" SET "createdAt" = "createdAt" - interval '1 minute' WHERE id = $1`, [
      row!.id,
    ])
    expect(await lostDeliveries(db)).toContain(row!.id)
    await services.background!.sweep()
    await waitDelivered(row!.id)
    await services.background!.sweep()
    expect(await deliveries(m.id, 'yourTurn')).toMatchObject([{ id: row!.id, status: 'delivered', attempts: 1 }])
    const posted = receiver.received.filter(r => r.delivery === row!.id)
    expect(posted).toHaveLength(1)
    expect(JSON.parse(posted[0]!.body)).toMatchObject({
      type: 'yourTurn',
      matchId: m.id,
      match: { id: m.id, version: moved.match.version, seat: 1, toAct: [1] },
    })
  })

  it("issue 26 finding 8: a delivery in flight at a crash is sent again by the sweep within minutes (not at the job's 15-minute expiry), once", async () => {
    const m = await newMatch()
    lostSends = 1
    await services.matches.submit({ matchId: m.id, action: { type: 'roll' } }, { token: m.token0 })
    const [row] = await deliveries(m.id, 'yourTurn')
    // The state a process leaves when it dies mid-POST: the attempt claimed (attempts 1, still pending), two
    // minutes ago; its job would stay active until pg-boss expires it after 15 minutes.
    await db.sql.query(
      `UPDATE "WebhookDelivery" SET attempts = 1, "updatedAt" = now() - interval '2 minutes 1 second' WHERE id = $1`,
      [row!.id],
    )
    await services.background!.sweep()
    await waitDelivered(row!.id)
    expect(await db.prisma.webhookDelivery.findUnique({ where: { id: row!.id } })).toMatchObject({
      status: 'delivered',
      attempts: 2,
    })
    // Delivered: a later sweep (or the old job, once expired) sends nothing.
    await services.background!.sweep()
    await services.background!.deliver(row!.id)
    expect(receiver.received.filter(r => r.delivery === row!.id)).toHaveLength(1)
  })

  it('the delivery row exists iff the action committed: a VERSION_CONFLICT writes none', async () => {
    const m = await newMatch()
    const snap = await services.matches.mustFind(m.id)
    const step = services.matches.moveStep(services.catalog.engine(snap.game), snap, 0, { type: 'roll' }, 'move')
    expect(await services.matches.commit(snap, step, null)).toBe(true)
    expect(await services.matches.commit(snap, step, null)).toBe(false)
    const rows = await deliveries(m.id, 'yourTurn')
    expect(rows).toHaveLength(1)
    expect(JSON.parse(rows[0]!.body).match.version).toBe(snap.version + 1)
    expect((await services.matches.mustFind(m.id)).version).toBe(snap.version + 1)
  })

  it("the last join's matchStarted and a WAITING abort's matchFinished are written with the change and wait for the sweep when their job is lost", async () => {
    const invite = { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { player: player.id }] }
    const started = await services.matches.create(invite)
    lostSends = 2
    await services.lobby.join({ matchId: started.match.id, deck: RACE_DECK }, { token: player.key })
    const [start] = await deliveries(started.match.id, 'matchStarted')
    expect(start).toMatchObject({ status: 'pending', attempts: 0 })
    expect(JSON.parse(start!.body)).toMatchObject({
      type: 'matchStarted',
      match: { status: 'ACTIVE', seat: 1, toAct: [0] },
    })

    const aborted = await services.matches.create(invite)
    await services.matches.abort({ matchId: aborted.match.id }, { token: aborted.seats[0]!.token })
    const [end] = await deliveries(aborted.match.id, 'matchFinished')
    expect(end).toMatchObject({ status: 'pending', attempts: 0 })
    expect(JSON.parse(end!.body)).toMatchObject({
      type: 'matchFinished',
      match: { status: 'ABORTED', endReason: 'aborted' },
    })
    expect(lostSends).toBe(0)
  })

  it('an offer writes rematchOffered with it, only for the seats that have not offered yet', async () => {
    const finished = async () => {
      const m = await newMatch()
      await services.matches.resign({ matchId: m.id }, { token: m.token0 })
      return m
    }
    const first = await finished()
    await services.lobby.offerRematch({ matchId: first.id }, { token: first.token0 })
    expect(await deliveries(first.id, 'rematchOffered')).toMatchObject([
      { playerId: player.id, status: expect.any(String) },
    ])

    const second = await finished()
    await services.lobby.offerRematch({ matchId: second.id }, { token: player.key })
    const started = await services.lobby.offerRematch({ matchId: second.id }, { token: second.token0 })
    expect(started.match.id).not.toBe(second.id)
    expect(await deliveries(second.id, 'rematchOffered')).toEqual([])
  })

  it('two deliver(id) calls running at once for one delivery POST it once', async () => {
    const row = await db.prisma.webhookDelivery.create({
      data: { playerId: player.id, type: 'reminder', matchId: null, url: receiver.url, body: '{"type":"reminder"}' },
    })
    await Promise.all([services.background!.deliver(row.id), services.background!.deliver(row.id)])
    // Dana's deliveries go one at a time: with another of hers in flight, this one waits its turn (a job queued again).
    await waitDelivered(row.id)
    expect(receiver.received.filter(r => r.delivery === row.id)).toHaveLength(1)
    expect(await db.prisma.webhookDelivery.findUnique({ where: { id: row.id } })).toMatchObject({
      status: 'delivered',
      attempts: 1,
    })
  })

  it("a reserved seat's invited row is written by the creation itself: it exists though nothing after the creation ran, and the sweep sends it", async () => {
    const created = await crashingAfterCommit(() =>
      services.matches.create({ game: 'race-to-20', seats: [{ deck: RACE_DECK }, { player: player.id }] }),
    )
    const rows = await deliveries(created.match.id, 'invited')
    expect(rows).toMatchObject([{ playerId: player.id, status: 'pending', attempts: 0 }])
    expect(JSON.parse(rows[0]!.body)).toMatchObject({
      type: 'invited',
      matchId: created.match.id,
      match: { id: created.match.id, status: 'WAITING', version: 0, seat: null },
    })
    expect(JSON.parse(rows[0]!.body).match.createdAt).toBe(created.match.createdAt)

    await db.sql.query(`UPDATE "WebhookDelivery" SET "createdAt" = "createdAt" - interval '1 minute' WHERE id = $1`, [
      rows[0]!.id,
    ])
    await services.background!.sweep()
    await waitDelivered(rows[0]!.id)
    expect(receiver.received.filter(r => r.delivery === rows[0]!.id)).toHaveLength(1)
  })

  it('a creation that fills every seat writes its matchStarted and first yourTurn with the match', async () => {
    const created = await crashingAfterCommit(() =>
      services.matches.create(
        { game: 'race-to-20', seats: [{ player: player.id, deck: RACE_DECK }, { deck: RACE_DECK }] },
        { token: player.key },
      ),
    )
    expect(created.match).toMatchObject({ status: 'ACTIVE', toAct: [0] })
    expect(await danasTypes(created.match.id)).toEqual(['matchStarted', 'yourTurn'])
    const [turn] = await deliveries(created.match.id, 'yourTurn')
    expect(JSON.parse(turn!.body)).toMatchObject({
      type: 'yourTurn',
      match: { id: created.match.id, version: 0, seat: 0, toAct: [0] },
    })
    // Nothing written twice when the creation's after-commit step does run.
    const again = await services.matches.create(
      { game: 'race-to-20', seats: [{ player: player.id, deck: RACE_DECK }, { deck: RACE_DECK }] },
      { token: player.key },
    )
    expect(await danasTypes(again.match.id)).toEqual(['matchStarted', 'yourTurn'])
  })

  it("a rematch writes its start's notices with the new match, which the finished match names", async () => {
    const m = await newMatch()
    await services.matches.resign({ matchId: m.id }, { token: m.token0 })
    await services.lobby.offerRematch({ matchId: m.id }, { token: player.key })
    const started = await crashingAfterCommit(() => services.lobby.offerRematch({ matchId: m.id }, { token: m.token0 }))
    expect(started.match.id).not.toBe(m.id)
    expect(await services.lobby.rematchOf(m.id)).toBe(started.match.id)
    // Dana held seat 1; the rematch rotates her to seat 0, which acts first.
    expect(await danasTypes(started.match.id)).toEqual(['matchStarted', 'yourTurn'])
    const [start] = await deliveries(started.match.id, 'matchStarted')
    expect(start).toMatchObject({ status: 'pending', attempts: 0 })
    expect(JSON.parse(start!.body)).toMatchObject({
      match: { id: started.match.id, status: 'ACTIVE', version: 0, seat: 0 },
    })

    // A racing second rematch of the same match writes nothing: no match, no rows.
    const late = {
      ...(await services.matches.mustFind(started.match.id)),
      id: randomUUID(),
      options: {},
      seed: 's',
      seats: [],
    }
    const notices = [
      {
        playerId: player.id,
        event: { type: 'matchStarted' as const, matchId: late.id, at: new Date().toISOString() },
        body: '{}',
      },
    ]
    expect(await services.matches.store.create(late, notices, m.id)).toBeNull()
    expect(await services.matches.find(late.id)).toBeNull()
    expect(await deliveries(late.id, 'matchStarted')).toEqual([])
  })

  it('a reminder job run again (a retry after a crash), or twice at once, writes one row per player', async () => {
    const created = await services.matches.create(
      {
        game: 'race-to-20',
        seats: [{ player: player.id, deck: RACE_DECK }, { deck: RACE_DECK }],
        clock: { perMoveSeconds: 3600 },
      },
      { token: player.key },
    )
    const { id, version } = created.match
    // Its reminder is due now (as when its job runs).
    await db.sql.query(
      `UPDATE "Match" SET turns = jsonb_set(turns, '{seats,0,remindAt}', to_jsonb((extract(epoch from now()) * 1000)::bigint)) WHERE id = $1`,
      [id],
    )
    services.matches.store.forget(id)
    await services.background!.reminder(id, version)
    await services.background!.reminder(id, version)
    await Promise.all([services.background!.reminder(id, version), services.background!.reminder(id, version)])
    const rows = await deliveries(id, 'reminder')
    expect(rows).toHaveLength(1)
    expect(JSON.parse(rows[0]!.body)).toMatchObject({ type: 'reminder', match: { id, version, seat: 0, toAct: [0] } })
  })
})
