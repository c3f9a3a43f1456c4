// Clock policies over HTTP with real short clocks: each kind's deadlines and timeouts, BANK increments and cap,
// PER_TURN over a multi-decision Dice Throne turn, turn notices once per seat and turn, maxAutoplays, vacations, bad
// clock input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { diceThroneMarvel } from '../../src/games/dice-throne-marvel/index.ts'
import { raceGame } from '../support/test-game.ts'
import { RACE_DECK, startListeningServer, type ListeningServer } from '../support/server.ts'
import { waitFor } from '../support/wait-for.ts'

let srv: ListeningServer
beforeAll(async () => {
  srv = await startListeningServer({ games: [raceGame, diceThroneMarvel] })
})
afterAll(async () => srv.close())

async function call(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: any }> {
  const res = await fetch(`${srv.base}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, json: text ? JSON.parse(text) : null }
}

async function gql(query: string, variables: Record<string, unknown>, token?: string): Promise<any> {
  return (await call('POST', '/graphql', { query, variables }, token)).json
}

const until = <T>(what: string, check: () => T | Promise<T>, ms = 60_000) => waitFor(what, check, ms, 100)

/** Reads a player's NDJSON stream in the background; `lines` fills as events arrive. */
function follow(token: string): { lines: any[]; stop(): void } {
  const lines: any[] = []
  const abort = new AbortController()
  void (async () => {
    const res = await fetch(`${srv.base}/api/players/me/stream`, {
      headers: { authorization: `Bearer ${token}` },
      signal: abort.signal,
    })
    const reader = res.body!.getReader()
    let buf = ''
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      buf += new TextDecoder().decode(value)
      let nl: number
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl).trim()
        buf = buf.slice(nl + 1)
        if (line) lines.push(JSON.parse(line))
      }
    }
  })().catch(() => {})
  return { lines, stop: () => abort.abort() }
}

const race = (
  clock: Record<string, unknown> | null,
  seats: unknown[] = [{ deck: RACE_DECK }, { deck: RACE_DECK }],
) => ({ game: 'race-to-20', seats, ...(clock ? { clock } : {}) })
const match = async (id: string, token?: string) => (await call('GET', `/api/matches/${id}`, undefined, token)).json
const log = async (id: string) =>
  (await call('GET', `/api/matches/${id}/log`)).json as { seat: number | null; label: string; at: string }[]
const finished = (id: string) =>
  until(`match ${id} to end`, async () => {
    const m = await match(id)
    return m.status !== 'ACTIVE' ? m : null
  })

async function create(input: unknown, key?: string): Promise<{ id: string; tokens: string[]; match: any }> {
  const r = await call('POST', '/api/matches', input, key)
  expect(r.status, JSON.stringify(r.json)).toBe(201)
  return { id: r.json.match.id, tokens: r.json.seats.map((s: { token: string }) => s.token), match: r.json.match }
}

async function act(id: string, token: string, pick = 0): Promise<any> {
  const legal = (await call('GET', `/api/matches/${id}/legal-actions`, undefined, token)).json
  const r = await call('POST', `/api/matches/${id}/actions`, { actionId: legal[pick % legal.length].id }, token)
  expect(r.status, JSON.stringify(r.json)).toBe(200)
  return r.json.match
}

async function player(name: string): Promise<{ id: string; key: string }> {
  const r = await call('POST', '/api/players', { name })
  return { id: r.json.player.id, key: r.json.key }
}

describe('clock kinds', () => {
  it('PER_MOVE, PER_TURN and BANK time out when the seat’s time has run; DAYS gives days × 86,400 s; every view shows each seat’s time', async () => {
    const kinds = [
      { kind: 'PER_MOVE', perMoveSeconds: 1 },
      { kind: 'PER_TURN', perTurnSeconds: 2 },
      { kind: 'BANK', initialSeconds: 2, incrementSeconds: 1 },
    ]
    const made = []
    for (const clock of kinds) made.push(await create(race(clock)))
    const days = await create(race({ kind: 'DAYS', days: 2 }))
    expect(days.match.clock).toMatchObject({
      kind: 'DAYS',
      days: 2,
      perMoveSeconds: 172_800,
      maxAutoplays: 3,
      vacation: true,
    })
    expect(Date.parse(days.match.clock.deadline) - Date.parse(days.match.createdAt)).toBeGreaterThan(172_799_000)
    for (const [i, m] of made.entries()) {
      const seconds = [1, 2, 2][i]!
      expect(m.match.turn).toBe(1)
      expect(m.match.clock.seats).toEqual([
        {
          seat: 0,
          timeLeftSeconds: expect.any(Number),
          running: true,
          deadline: m.match.clock.deadline,
          away: false,
          autoplays: 0,
        },
        { seat: 1, timeLeftSeconds: seconds, running: false, deadline: null, away: false, autoplays: 0 },
      ])
      const done = await finished(m.id)
      expect(done).toMatchObject({ status: 'FINISHED', winners: [1], endReason: 'timeout' })
      const last = (await log(m.id)).at(-1)!
      expect(last).toMatchObject({ seat: 0, label: 'ran out of time and forfeited' })
      // Not before its deadline.
      expect(Date.parse(last.at)).toBeGreaterThanOrEqual(Date.parse(m.match.clock.deadline) - 5)
    }
  })

  it('BANK: the increment is added when the seat hands over, up to the cap; the bank runs down while it decides', async () => {
    // An increment far above the cap, so that the cap holds however long the move took on a busy machine.
    const capped = await create(race({ kind: 'BANK', initialSeconds: 5, incrementSeconds: 30, maxSeconds: 6 }))
    let m = await act(capped.id, capped.tokens[0]!)
    expect(m.clock.seats[0]).toMatchObject({ running: false, timeLeftSeconds: 6 })
    expect(m.clock.seats[1]).toMatchObject({ running: true })
    const before = Date.now()
    const roomy = await create(race({ kind: 'BANK', initialSeconds: 10, incrementSeconds: 1, maxSeconds: 20 }))
    m = await act(roomy.id, roomy.tokens[0]!)
    // 10 s less the time it took to decide, plus 1.
    expect(m.clock.seats[0].timeLeftSeconds).toBeGreaterThanOrEqual(11 - (Date.now() - before) / 1000)
    expect(m.clock.seats[0].timeLeftSeconds).toBeLessThanOrEqual(11)
    expect(m.clock.maxSeconds).toBe(20)
    // Seat 1 of the capped match never moves: it times out with its 5 s, seat 0 wins.
    expect(await finished(capped.id)).toMatchObject({ winners: [0], endReason: 'timeout' })
  })
})

describe('Dice Throne turns', () => {
  const dt = (clock: Record<string, unknown> | null, seats: unknown[]) => ({
    game: 'dice-throne-marvel',
    seed: 'clock-turns',
    seats,
    ...(clock ? { clock } : {}),
  })

  it('PER_TURN: the deadline does not move over a seat’s decisions in one turn, and a new turn sets a new one', async () => {
    const m0 = await create(
      dt({ kind: 'PER_TURN', perTurnSeconds: 3600 }, [{ deck: { hero: 'thor' } }, { deck: { hero: 'loki' } }]),
    )
    let m = m0.match
    let longest = 0
    let run = 0
    let turns = 0
    for (let i = 0; i < 200 && m.status === 'ACTIVE' && turns < 3; i++) {
      const seat = m.toAct[0]
      const next = await act(m0.id, m0.tokens[seat]!, i)
      if (next.status !== 'ACTIVE') break
      const same = next.turn === m.turn && next.toAct[0] === seat
      if (same) {
        expect(next.clock.seats[seat].deadline).toBe(m.clock.seats[seat].deadline)
        longest = Math.max(longest, ++run)
      } else run = 0
      if (next.turn !== m.turn) {
        turns++
        const asked = next.toAct[0]
        expect(Date.parse(next.clock.seats[asked].deadline)).toBeGreaterThan(Date.now() + 3_599_000 - 60_000)
      }
      m = next
    }
    expect(turns).toBe(3)
    expect(longest).toBeGreaterThanOrEqual(2)
  })

  it('yourTurn once per seat and turn of the game, not per decision (a random match to its end, no clock)', async () => {
    const a = await player('Ann')
    const b = await player('Bob')
    const streams = [follow(a.key), follow(b.key)]
    try {
      const c = await create(
        dt(null, [
          { deck: { hero: 'thor' }, player: a.id },
          { deck: { hero: 'loki' }, player: b.id },
        ]),
        a.key,
      )
      await gql(
        `mutation($id: ID!) { joinMatch(input: { matchId: $id, deck: { hero: "loki" } }) { match { id } } }`,
        { id: c.id },
        b.key,
      )
      const keys = [a.key, b.key]
      let m = await until('the start', async () => {
        const x = await match(c.id)
        return x.status === 'ACTIVE' ? x : null
      })
      const asked = [new Set<number>([]), new Set<number>([])]
      const decisions = [0, 0]
      for (const s of m.toAct) asked[s]!.add(m.turn)
      for (let i = 0; i < 3000 && m.status === 'ACTIVE'; i++) {
        const seat = m.toAct[0]
        decisions[seat]!++
        m = await act(c.id, keys[seat]!, i * 7)
        for (const s of m.toAct) asked[s]!.add(m.turn)
      }
      expect(m.status).toBe('FINISHED')
      for (const s of streams) await until('matchFinished', async () => s.lines.some(l => l.type === 'matchFinished'))
      const notices = streams.map(s => s.lines.filter(l => l.type === 'yourTurn' && l.matchId === c.id).length)
      expect(notices).toEqual([asked[0]!.size, asked[1]!.size])
      // A turn has several decisions: far fewer notices than decisions.
      for (const s of [0, 1]) expect(notices[s]!).toBeLessThan(decisions[s]! / 2)
      console.log(`yourTurn: ${notices.join(' + ')} notices for ${decisions.join(' + ')} decisions`)
    } finally {
      for (const s of streams) s.stop()
    }
    // A whole random match played over HTTP with both streams read: over 60 s on a busy 2-core machine.
  }, 180_000)

  it('a reminder at most once per seat and turn, however many decisions the seat makes in it', async () => {
    const a = await player('Rem')
    const stream = follow(a.key)
    try {
      const c = await create(
        dt({ kind: 'PER_TURN', perTurnSeconds: 6, reminderAt: 0.2 }, [
          { deck: { hero: 'thor' }, player: a.id },
          { bot: { kind: 'random' }, deck: { hero: 'loki' } },
        ]),
        a.key,
      )
      let m = c.match
      // Seat 0 decides a few times in its first turn, after its reminder is due, then lets its time run out.
      await until('the first reminder', async () => stream.lines.some(l => l.type === 'reminder'))
      for (let i = 0; i < 3 && m.status === 'ACTIVE' && m.toAct.includes(0) && m.turn === c.match.turn; i++)
        m = await act(c.id, c.tokens[0]!, i)
      const done = await finished(c.id)
      expect(done.endReason).toBe('timeout')
      expect(stream.lines.filter(l => l.type === 'reminder' && l.matchId === c.id)).toHaveLength(1)
    } finally {
      stream.stop()
    }
  })
})

describe('timeout limits (AUTOPLAY)', () => {
  it('after maxAutoplays in a row the seat forfeits at its next timeout', async () => {
    // Seat 1 is a built-in bot: its moves are its own decisions, so the absent seat 0 forfeits rather than the match
    // aborting.
    const c = await create(
      race({ perMoveSeconds: 1, onTimeout: 'AUTOPLAY', maxAutoplays: 1 }, [
        { deck: RACE_DECK },
        { bot: { kind: 'random' } },
      ]),
    )
    const done = await finished(c.id)
    expect(done).toMatchObject({ status: 'FINISHED', winners: [1], endReason: 'timeout' })
    expect(done.clock.seats.map((s: { autoplays: number }) => s.autoplays)).toEqual([1, 0])
    const entries = await log(c.id)
    expect(entries.map(e => e.seat)).toEqual([0, 1, 0])
    expect(entries[0]!.label.endsWith('(played by Arbiter on timeout)')).toBe(true)
    expect(entries[2]!.label).toBe('ran out of time and forfeited')
  })

  it('a match where no seat ever decided for itself is ABORTED instead', async () => {
    const c = await create(race({ perMoveSeconds: 1, onTimeout: 'AUTOPLAY', maxAutoplays: 1 }))
    const done = await finished(c.id)
    expect(done).toMatchObject({ status: 'ABORTED', winners: null, endReason: 'timeout' })
    expect((await log(c.id)).length).toBe(3)
  })
})

describe('vacation', () => {
  it('stops the player’s clocks where the match allows it, shows awayUntil, and the clock resumes from where it stopped', async () => {
    const a = await player('Away')
    const bot = { bot: { kind: 'random' } }
    const paused = await create(race({ perMoveSeconds: 4 }, [{ deck: RACE_DECK, player: a.id }, bot]), a.key)
    const start = await call('POST', '/api/players/me/vacation', { days: 3 }, a.key)
    expect(start.status).toBe(200)
    expect(start.json).toMatchObject({ vacationDaysLeft: 18, awayUntil: expect.any(String) })
    let m = await match(paused.id)
    expect(m.clock.seats[0]).toMatchObject({ away: true, running: false, deadline: null })
    const kept = m.clock.seats[0].timeLeftSeconds
    expect(kept).toBeGreaterThan(0)
    expect(kept).toBeLessThanOrEqual(4)
    // Everyone sees that the player is away.
    const seen = await gql(`query($id: ID!) { match(id: $id) { seats { player { awayUntil vacationDaysLeft } } } }`, {
      id: paused.id,
    })
    expect(seen.data.match.seats[0].player).toEqual({ awayUntil: start.json.awayUntil, vacationDaysLeft: null })
    // A match that opts out, and one started while away.
    const control = await create(
      race({ perMoveSeconds: 5, vacation: false }, [{ deck: RACE_DECK, player: a.id }, bot]),
      a.key,
    )
    const later = await create(race({ perMoveSeconds: 1 }, [{ deck: RACE_DECK, player: a.id }, bot]), a.key)
    expect(later.match.clock.seats[0]).toMatchObject({ away: true, running: false })
    // The control's 5 s run out after the paused match's 4 s would have: the paused one is still ACTIVE.
    expect(await finished(control.id)).toMatchObject({ endReason: 'timeout' })
    m = await match(paused.id)
    expect(m).toMatchObject({ status: 'ACTIVE', version: 1 })
    expect(m.clock.seats[0].timeLeftSeconds).toBe(kept)
    expect((await call('POST', '/api/players/me/vacation', { days: 1 }, a.key)).json.code).toBe('ILLEGAL_ACTION')
    // Back: two whole days not begun are given back; the clock runs from where it stopped and then times out.
    const end = await gql(`mutation { endVacation { awayUntil vacationDaysLeft } }`, {}, a.key)
    expect(end.data.endVacation).toEqual({ awayUntil: null, vacationDaysLeft: 20 })
    m = await match(paused.id)
    expect(m.clock.seats[0]).toMatchObject({ away: false, running: true })
    expect(m.clock.seats[0].timeLeftSeconds).toBeLessThanOrEqual(kept)
    expect(await finished(paused.id)).toMatchObject({ winners: [1], endReason: 'timeout' })
    expect(await finished(later.id)).toMatchObject({ endReason: 'timeout' })
    // The allowance: 20 days left of 21.
    const over = await call('POST', '/api/players/me/vacation', { days: 21 }, a.key)
    expect(over).toMatchObject({ status: 422, json: { code: 'VACATION_EXHAUSTED' } })
    const zero = await gql(`mutation { startVacation(days: 0) { awayUntil } }`, {}, a.key)
    expect(zero.errors[0].extensions.code).toBe('BAD_USER_INPUT')
    expect((await call('GET', '/api/players/me', undefined, a.key)).json).toMatchObject({
      awayUntil: null,
      vacationDaysLeft: 20,
    })
  })
})

describe('a vacation that runs its course', () => {
  it('ends by itself at awayUntil (here the sweep, as when its job was lost): the clock runs again, the days stay spent', async () => {
    const a = await player('Gone')
    const paused = await create(
      race({ kind: 'BANK', initialSeconds: 4 }, [{ deck: RACE_DECK, player: a.id }, { bot: { kind: 'random' } }]),
      a.key,
    )
    expect((await call('POST', '/api/players/me/vacation', { days: 2 }, a.key)).status).toBe(200)
    expect((await match(paused.id)).clock.seats[0]).toMatchObject({ away: true, running: false })
    // Two days later, as the database sees it.
    await srv.db.sql.query(`UPDATE "Player" SET "awayUntil" = now() - interval '1 second' WHERE id = $1`, [a.id])
    await srv.app.services.background!.sweep()
    const m = await match(paused.id)
    expect(m.clock.seats[0]).toMatchObject({ away: false, running: true })
    expect((await call('GET', '/api/players/me', undefined, a.key)).json).toMatchObject({
      awayUntil: null,
      vacationDaysLeft: 19,
    })
    expect(await finished(paused.id)).toMatchObject({ winners: [1], endReason: 'timeout' })
  })
})

describe('bad clock input', () => {
  const bad = [
    { kind: 'WEEKLY', perMoveSeconds: 60 },
    { perMoveSeconds: 0 },
    { perMoveSeconds: -1 },
    { perMoveSeconds: 2_592_001 },
    { kind: 'PER_TURN' },
    { kind: 'PER_TURN', perTurnSeconds: 60, perMoveSeconds: 60 },
    { kind: 'BANK', initialSeconds: 60, maxSeconds: 30 },
    { kind: 'DAYS', days: 4 },
    { kind: 'DAYS', days: 1, initialSeconds: 5 },
    { perMoveSeconds: 5, maxAutoplays: -1 },
  ]
  it('each is a 400 BAD_USER_INPUT (a GraphQL error with its code) and writes nothing', async () => {
    const count = async () => (await srv.db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Match"`))[0]!.n
    const before = await count()
    for (const clock of bad) {
      const r = await call('POST', '/api/matches', race(clock))
      expect(r, JSON.stringify(clock)).toMatchObject({ status: 400, json: { code: 'BAD_USER_INPUT' } })
      const g = await gql(`mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id } } }`, {
        input: race(clock),
      })
      expect(g.errors?.[0]?.extensions?.code, JSON.stringify(clock)).toMatch(/BAD_USER_INPUT|GRAPHQL_VALIDATION_FAILED/)
    }
    expect(await count()).toBe(before)
  })
})
