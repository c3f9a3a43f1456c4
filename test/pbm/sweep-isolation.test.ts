// The sweep takes each item on its own and only the games its server hosts: a match whose bot move fails is
// logged and the late deadline after it is still enforced; a match of a game hosted elsewhere is left alone. It
// also sends a reminder whose job was lost, once.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GameRegistry } from '../../src/kernel/index.ts'
import { createServices, type Services } from '../../src/service/index.ts'
import type { Database } from '../../src/store/database.ts'
import { openJobQueue, type JobQueue } from '../../src/store/jobs.ts'
import { openTestDatabase } from '../support/db.ts'
import { RACE_DECK } from '../support/server.ts'
import { raceGame } from '../support/test-game.ts'

// The race with a bug in its move listing: every bot move in it fails.
const brokenRace: typeof raceGame = {
  ...raceGame,
  id: 'race-broken',
  legalActions: () => {
    throw new Error('a bug in the engine')
  },
}

let db: Database
let queue: JobQueue
let services: Services
const logged: string[] = []
const told: { playerId: string; type: string; matchId: string | null }[] = []

beforeAll(async () => {
  db = await openTestDatabase()
  queue = await openJobQueue(db, () => {})
  services = createServices(
    db,
    new GameRegistry([raceGame, brokenRace]),
    { match: () => {}, player: (playerId, e) => void told.push({ playerId, type: e.type, matchId: e.matchId }) },
    queue,
    (_err, what) => logged.push(what),
  )
})

afterAll(async () => {
  await queue.stop()
  await db.close()
})

const age = (id: string) =>
  db.sql.query(`UPDATE "Match" SET "updatedAt" = "updatedAt" - interval '5 minutes' WHERE id = $1`, [id])

describe('the sweep', () => {
  it('logs a failing item and goes on to the rest; leaves matches of games it does not host alone', async () => {
    const broken = await services.matches.create({
      game: 'race-broken',
      seats: [{ deck: RACE_DECK }, { bot: { kind: 'random' }, deck: RACE_DECK }],
    })
    // Seat 0 acts first: its move makes the bot seat due, and the bot's move (here, the sweep's) fails.
    await services.matches.submit(
      { matchId: broken.match.id, action: { type: 'roll' } },
      { token: broken.seats.find(s => s.seat === 0)!.token },
    )
    await age(broken.match.id)

    // A match of a game this server does not host, as another server sharing the database would have one: a
    // copy of the first, written by SQL so that no job of this process knows of it.
    const elsewhere = randomUUID()
    await db.sql.query(
      `INSERT INTO "Match" SELECT (jsonb_populate_record(NULL::"Match", to_jsonb(m) || jsonb_build_object('id', $2::text, 'game', 'hosted-elsewhere'))).* FROM "Match" m WHERE m.id = $1`,
      [broken.match.id, elsewhere],
    )
    await db.sql.query(
      `INSERT INTO "Seat" SELECT (jsonb_populate_record(NULL::"Seat", to_jsonb(s) || jsonb_build_object('matchId', $2::text, 'tokenHash', NULL, 'inviteHash', NULL))).* FROM "Seat" s WHERE s."matchId" = $1`,
      [broken.match.id, elsewhere],
    )

    const late = await services.matches.create({
      game: 'race-to-20',
      seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }],
      clock: { perMoveSeconds: 60, onTimeout: 'FORFEIT' },
    })
    await db.sql.query(
      `UPDATE "Match" SET deadline = now() - interval '1 minute',
              turns = jsonb_set(turns, '{seats,0,deadline}', to_jsonb((extract(epoch from now()) * 1000)::bigint - 60000)) WHERE id = $1`,
      [late.match.id],
    )

    await services.background!.sweep()

    expect(logged).toContain(`the sweep's bot move in match ${broken.match.id}`)
    expect(logged.filter(w => w.includes(elsewhere))).toEqual([])
    const [row] = await db.sql.query<{ version: number; game: string }>(
      `SELECT version, game FROM "Match" WHERE id = $1`,
      [elsewhere],
    )
    expect(row).toEqual({ version: 1, game: 'hosted-elsewhere' })
    expect(await services.matches.mustFind(late.match.id)).toMatchObject({
      status: 'FINISHED',
      endReason: 'timeout',
      winners: [1],
    })
  })

  it('sends a reminder whose job was lost once its time is 30 s past, and never twice (the claim on the match)', async () => {
    const ann = await services.players.create({ name: 'Ann' })
    const c = await services.matches.create(
      {
        game: 'race-to-20',
        seats: [{ player: ann.player.id, deck: RACE_DECK }, { deck: RACE_DECK }],
        clock: { perMoveSeconds: 120, reminderAt: 0.5 },
      },
      { token: ann.key },
    )
    // The reminder time (60 s into the 120) passed 40 s ago, and no job sent it.
    await db.sql.query(
      `UPDATE "Match" SET "remindAt" = now() - interval '40 seconds',
              turns = jsonb_set(turns, '{seats,0,remindAt}', to_jsonb((extract(epoch from now()) * 1000)::bigint - 40000)) WHERE id = $1`,
      [c.match.id],
    )
    const reminders = () => told.filter(t => t.type === 'reminder' && t.matchId === c.match.id)
    await services.background!.sweep()
    expect(reminders()).toEqual([{ playerId: ann.player.id, type: 'reminder', matchId: c.match.id }])
    await services.background!.sweep()
    await services.background!.reminder(c.match.id, c.match.version)
    expect(reminders()).toHaveLength(1)
  })
})
