// Play-by-mail over real HTTP: players, invitations, the inbox, the player stream, clocks, fair seeds.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startListeningServer, RACE_DECK, type ListeningServer } from '../support/server.ts'
import { waitFor } from '../support/wait-for.ts'

let srv: ListeningServer
beforeAll(async () => {
  srv = await startListeningServer()
})
afterAll(async () => srv.close())

/** Every response body this file has seen, to check that none shows a seed before its match ended. */
const seen: string[] = []

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
  seen.push(text)
  return { status: res.status, json: text ? JSON.parse(text) : null }
}

async function gql(query: string, variables: Record<string, unknown>, token?: string): Promise<any> {
  const { json } = await call('POST', '/graphql', { query, variables }, token)
  return json
}

const CREATE = `mutation($input: CreateMatchInput!) { createMatch(input: $input) {
  match { id status version seedCommitment seedSource seed clock { perMoveSeconds onTimeout deadline } seats { seat name joined player { id name } } }
  seats { seat token } invites { seat code } } }`
const SUBMIT = `mutation($input: SubmitActionInput!) { submitAction(input: $input) {
  match { id version status toAct winners seed endReason } legalActions { id label } } }`
const MATCH = `query($id: ID!) { match(id: $id) { id version status toAct winners endReason seed seedCommitment seedSource
  clock { deadline } log(limit: 500) { seq seat label } transcript legalActions { id label } } }`

async function player(name: string): Promise<{ id: string; key: string }> {
  const { status, json } = await call('POST', '/api/players', { name })
  expect(status).toBe(201)
  expect(json.key).toMatch(/^pk_/)
  return { id: json.player.id, key: json.key }
}

/** Reads an NDJSON stream in the background; `lines` fills as objects arrive (keep-alive blanks skipped). */
function follow(path: string, token: string): { lines: any[]; stop(): void } {
  const lines: any[] = []
  const abort = new AbortController()
  void (async () => {
    const res = await fetch(`${srv.base}${path}`, {
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

const until = <T>(what: string, check: () => T | Promise<T>, ms = 60_000) => waitFor(what, check, ms, 100)

describe('play-by-mail between two player keys, over HTTP', () => {
  it('invitation, join, the inbox, turn notices, moves on a 5-second clock until one seat times out (FORFEIT), then the seed revealed and verified', async () => {
    const ann = await player('Ann')
    const bob = await player('Bob')
    const bobEvents = follow('/api/players/me/stream', bob.key)
    // The stream is live once it has said synced (after the pending state).
    await until("Bob's stream to be live", async () => bobEvents.lines.some(e => e.type === 'synced'))

    const created = await gql(
      CREATE,
      {
        input: {
          game: 'race-to-20',
          seats: [{ player: ann.id, deck: RACE_DECK }, { open: true }],
          clock: { perMoveSeconds: 5 },
        },
      },
      ann.key,
    )
    expect(created.errors).toBeUndefined()
    const c = created.data.createMatch
    expect(c.match).toMatchObject({
      status: 'WAITING',
      seedSource: 'SERVER',
      seed: null,
      clock: { perMoveSeconds: 5, onTimeout: 'FORFEIT', deadline: null },
    })
    expect(c.match.seedCommitment).toMatch(/^[0-9a-f]{64}$/)
    expect(c.match.seats).toEqual([
      { seat: 0, name: 'Ann', joined: true, player: { id: ann.id, name: 'Ann' } },
      { seat: 1, name: null, joined: false, player: null },
    ])
    expect(c.invites).toHaveLength(1)
    const matchId = c.match.id

    // A wrong code is refused and changes nothing; the right one seats Bob and starts the match.
    expect(
      (await call('POST', `/api/matches/${matchId}/join`, { inviteCode: 'nope', deck: RACE_DECK }, bob.key)).json.code,
    ).toBe('INVITE_INVALID')
    const joined = await call(
      'POST',
      `/api/matches/${matchId}/join`,
      { inviteCode: c.invites[0].code, deck: RACE_DECK, entropy: 'bob-dice' },
      bob.key,
    )
    expect(joined.status).toBe(200)
    expect(joined.json.seat.seat).toBe(1)
    expect(joined.json.match.status).toBe('ACTIVE')
    expect(joined.json.match.clock.deadline).not.toBeNull()
    expect(
      (await call('POST', `/api/matches/${matchId}/join`, { inviteCode: c.invites[0].code, deck: RACE_DECK }, ann.key))
        .json.code,
    ).toBe('SEAT_TAKEN')

    // Each player finds the match in the inbox when it is their turn, and plays with the player key; after
    // five moves the seat to act stops answering.
    const keys = [ann.key, bob.key]
    let late = -1
    let moves = 0
    for (; moves < 5; moves++) {
      const due = await Promise.all(
        keys.map(async k => (await call('GET', '/api/players/me/matches?toAct=true', undefined, k)).json as any[]),
      )
      const who = due.findIndex(list => list.some(m => m.id === matchId))
      expect(who).toBeGreaterThanOrEqual(0)
      expect(due[1 - who]!.some(m => m.id === matchId)).toBe(false)
      const m = (await gql(MATCH, { id: matchId }, keys[who])).data.match
      expect(m.seed).toBeNull()
      const res = await gql(
        SUBMIT,
        { input: { matchId, actionId: m.legalActions.at(-1).id, idempotencyKey: `move-${moves}` } },
        keys[who],
      )
      expect(res.errors).toBeUndefined()
      expect(res.data.submitAction.match.status).toBe('ACTIVE')
      late = res.data.submitAction.match.toAct[0]
    }
    // Everything answered before the match ended: no seed in any of it.
    const beforeEnd = seen.slice()
    const end = await until('the late seat to forfeit', async () => {
      const x = (await gql(MATCH, { id: matchId }, ann.key)).data.match
      return x.status === 'FINISHED' && x
    })
    expect(end).toMatchObject({ endReason: 'timeout', winners: [1 - late] })
    expect(end.log).toHaveLength(moves + 1)
    expect(end.log.at(-1)).toEqual({ seq: moves + 1, seat: late, label: 'ran out of time and forfeited' })
    expect(end.log.every((e: { label: string }) => e.label.length > 0)).toBe(true)
    expect(end.transcript[0]).toMatch(/^1\. (Ann|Bob): /)

    // The seed is revealed now, matches its commitment, and the replay checks out.
    expect(createHash('sha256').update(end.seed).digest('hex')).toBe(end.seedCommitment)
    const verified = await gql(
      `query($id: ID!) { verifyMatch(id: $id) { ok seed seedCommitment replayedVersion message } }`,
      { id: matchId },
    )
    expect(verified.data.verifyMatch).toMatchObject({ ok: true, seed: end.seed, replayedVersion: moves + 1 })
    const exported = await call('GET', `/api/matches/${matchId}/export`)
    expect(exported.json).toMatchObject({ seed: end.seed, seedSource: 'SERVER', version: moves + 1 })
    expect(exported.json.seats[1].entropy).toBe('bob-dice')
    expect(exported.json.log).toHaveLength(moves + 1)
    expect(exported.json.setupSeed).toBe(
      createHash('sha256').update([end.seed, '', 'bob-dice'].join('\n')).digest('hex'),
    )
    expect(beforeEnd.filter(t => t.includes(end.seed))).toEqual([])

    await until('Bob hears the match finish', async () =>
      bobEvents.lines.some(e => e.type === 'matchFinished' && e.matchId === matchId),
    )
    bobEvents.stop()
    const types = bobEvents.lines.filter(e => e.matchId === matchId).map(e => e.type)
    expect(types[0]).toBe('matchStarted')
    expect(types).toContain('yourTurn')
    expect(bobEvents.lines.find(e => e.type === 'yourTurn').match.seat).toBe(1)
  })

  it('two players racing for the last seat of a public match: exactly one gets it (SEAT_TAKEN for the other)', async () => {
    const [a, b, c] = await Promise.all([player('A'), player('B'), player('C')])
    const created = await gql(
      CREATE,
      { input: { game: 'race-to-20', seats: [{ player: a.id, deck: RACE_DECK }, { open: true }], public: true } },
      a.key,
    )
    const matchId = created.data.createMatch.match.id
    const open = (await call('GET', '/api/open-matches?game=race-to-20')).json as { id: string }[]
    expect(open.map(m => m.id)).toContain(matchId)
    const results = await Promise.all(
      [b, c].map(p => call('POST', `/api/matches/${matchId}/join`, { seat: 1, deck: RACE_DECK }, p.key)),
    )
    expect(results.map(r => r.status).sort()).toEqual([200, 409])
    expect(results.find(r => r.status === 409)!.json.code).toBe('SEAT_TAKEN')
    expect(
      (await call('GET', '/api/open-matches?game=race-to-20')).json.map((m: { id: string }) => m.id),
    ).not.toContain(matchId)
  })

  it('a seat that does not act in time forfeits (FORFEIT): the other seat wins, endReason timeout', async () => {
    const created = await gql(CREATE, {
      input: {
        game: 'race-to-20',
        seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }],
        clock: { perMoveSeconds: 1, onTimeout: 'FORFEIT' },
      },
    })
    const matchId = created.data.createMatch.match.id
    const m = await until('the timeout', async () => {
      const x = (await gql(MATCH, { id: matchId })).data.match
      return x.status === 'FINISHED' && x
    })
    expect(m).toMatchObject({ version: 1, winners: [1], endReason: 'timeout' })
    expect(m.log).toEqual([{ seq: 1, seat: 0, label: 'ran out of time and forfeited' }])
  })

  it('AUTOPLAY: Arbiter plays one legal move for a late seat, then the next seat gets a fresh deadline', async () => {
    const created = await gql(CREATE, {
      input: {
        game: 'race-to-20',
        seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }],
        clock: { perMoveSeconds: 1, onTimeout: 'AUTOPLAY' },
      },
    })
    const matchId = created.data.createMatch.match.id
    const m = await until('an autoplayed move', async () => {
      const x = (await gql(MATCH, { id: matchId })).data.match
      return x.version >= 1 && x
    })
    expect(m.log[0].seat).toBe(0)
    expect(m.log[0].label).toMatch(/played by Arbiter on timeout/)
    expect(m.status).toBe('ACTIVE')
    expect(Date.parse(m.clock.deadline)).toBeGreaterThan(Date.now() - 1_000)
  })

  it('resign works whoever is to act, and abort before every seat has moved ends the match with no winner', async () => {
    const created = await gql(CREATE, {
      input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }] },
    })
    const { id } = created.data.createMatch.match
    const [t0, t1] = created.data.createMatch.seats.map((s: { token: string }) => s.token)
    const first = await gql(SUBMIT, { input: { matchId: id, action: { type: 'roll' } } }, t0)
    expect(first.errors).toBeUndefined()
    // Seat 1 has not moved yet, so either seat may abort; seat 0 resigns on seat 1's turn instead.
    const resigned = await gql(`mutation($id: ID!) { resign(matchId: $id) { status winners endReason } }`, { id }, t0)
    expect(resigned.data.resign).toEqual({ status: 'FINISHED', winners: [1], endReason: 'resigned' })
    const again = await gql(`mutation($id: ID!) { resign(matchId: $id) { status } }`, { id }, t1)
    expect(again.errors?.[0]?.extensions.code).toBe('MATCH_FINISHED')

    const other = (
      await gql(CREATE, { input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }] } })
    ).data.createMatch
    const aborted = await gql(
      `mutation($id: ID!) { abort(matchId: $id) { status winners endReason seed } }`,
      { id: other.match.id },
      other.seats[1].token,
    )
    expect(aborted.data.abort).toMatchObject({ status: 'ABORTED', winners: null, endReason: 'aborted' })
    expect(aborted.data.abort.seed).toMatch(/^[0-9a-f]{32}$/)
  })

  it('a rematch starts when both seats have offered, with the first seat rotated and the new tokens working', async () => {
    const created = await gql(CREATE, {
      input: {
        game: 'race-to-20',
        seats: [
          { deck: RACE_DECK, name: 'Ann' },
          { deck: RACE_DECK, name: 'Bob' },
        ],
      },
    })
    const { id } = created.data.createMatch.match
    const [t0, t1] = created.data.createMatch.seats.map((s: { token: string }) => s.token)
    await gql(`mutation($id: ID!) { resign(matchId: $id) { status } }`, { id }, t1)
    const OFFER = `mutation($id: ID!) { offerRematch(matchId: $id) { match { id status seats { seat name } } seat { seat token } } }`
    const a = (await gql(OFFER, { id }, t0)).data.offerRematch
    expect(a.match.id).toBe(id)
    const b = (await gql(OFFER, { id }, t1)).data.offerRematch
    expect(b.match.id).not.toBe(id)
    expect(b.match.status).toBe('ACTIVE')
    expect(b.match.seats.map((s: { name: string }) => s.name)).toEqual(['Bob', 'Ann'])
    expect([a.seat.seat, b.seat.seat]).toEqual([1, 0])
    const rematch = (await gql(`query($id: ID!) { match(id: $id) { rematch } }`, { id })).data.match.rematch
    expect(rematch).toBe(b.match.id)
    // Ann's token from her offer is seat 1 of the rematch.
    expect(
      (await gql(`query($id: ID!) { match(id: $id) { seat } }`, { id: rematch }, a.seat.token)).data.match.seat,
    ).toBe(1)
  })
})
