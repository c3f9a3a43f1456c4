// Issue 28, points 2 and 3: challenges (create, accept with a deck, decline with a reason, cancel, expiry) and seeks
// (create, list, accept within the rating range, expiry), each event on both players' streams and webhooks; bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gql, RACE_DECK, startListeningServer, type ListeningServer } from '../support/server.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts'
import { call, follow, newPlayer, until } from './support.ts'

let srv: ListeningServer
let hooks: WebhookReceiver
beforeAll(async () => {
  srv = await startListeningServer({ webhooks: { hosts: null, allowPrivate: true } })
  hooks = await startWebhookReceiver()
})
afterAll(async () => {
  await srv.close()
  await hooks.close()
})

/** A player with its webhook on the receiver (tagged with its name) and its stream followed. */
async function player(name: string) {
  const p = await newPlayer(srv, name)
  const set = await call(
    srv,
    'PUT',
    '/api/players/me/webhook',
    { url: `${hooks.url}?${name}`, secret: 'a long enough secret' },
    p.key,
  )
  expect(set.status).toBe(200)
  const stream = follow(srv, '/api/players/me/stream', p.key)
  await stream.opened
  return { ...p, stream }
}

const hooksOf = (playerId: string, type: string) =>
  hooks.received
    .map(h => JSON.parse(h.body))
    .filter(
      b =>
        b.type === type &&
        (b.challenge
          ? [b.challenge.challenger.id, b.challenge.opponent.id].includes(playerId)
          : b.seek?.player.id === playerId),
    )

/** What the players wrote (other test files may share the database). */
async function counts(ids: string[]) {
  return {
    challenges: await srv.db.prisma.challenge.count({
      where: { OR: [{ challengerId: { in: ids } }, { opponentId: { in: ids } }] },
    }),
    seeks: await srv.db.prisma.seek.count({ where: { playerId: { in: ids } } }),
    matches: await srv.db.prisma.match.count({ where: { seats: { some: { playerId: { in: ids } } } } }),
    deliveries: await srv.db.prisma.webhookDelivery.count({ where: { playerId: { in: ids } } }),
  }
}

describe('challenges', () => {
  it('create, then the challenged player accepts with its deck: the match starts ACTIVE, challenger in seat 0; both hear each event on the stream and the webhook', async () => {
    const [ann, bob] = await Promise.all([player('Ann'), player('Bob')])
    const made = await call(
      srv,
      'POST',
      '/api/challenges',
      { game: 'race-to-20', opponent: bob.id, sampleDeck: 'Ones to nines', options: { target: 20 } },
      ann.key,
    )
    expect(made.status).toBe(201)
    expect(made.json).toMatchObject({
      status: 'PENDING',
      challenger: { id: ann.id },
      opponent: { id: bob.id },
      rated: false,
      matches: [],
    })
    expect(Date.parse(made.json.expiresAt) - Date.parse(made.json.createdAt)).toBe(86_400_000)
    const id = made.json.id
    for (const p of [ann, bob])
      await until(`challengeCreated on ${p.id}'s stream`, () =>
        p.stream.lines.find(l => l.type === 'challengeCreated' && l.challengeId === id),
      )
    await until(
      'challengeCreated webhooks to both',
      () => hooksOf(ann.id, 'challengeCreated').filter(b => b.challengeId === id).length === 2,
    )

    const accepted = await call(srv, 'POST', `/api/challenges/${id}/accept`, { deck: RACE_DECK }, bob.key)
    expect(accepted.status).toBe(200)
    expect(accepted.json.status).toBe('ACCEPTED')
    const match = accepted.json.matches[0]
    expect(match).toMatchObject({ status: 'ACTIVE', seat: 1, rated: false })
    expect(match.seats.map((s: any) => s.playerId)).toEqual([ann.id, bob.id])
    for (const p of [ann, bob]) {
      await until(`challengeAccepted on ${p.id}'s stream`, () =>
        p.stream.lines.find(l => l.type === 'challengeAccepted' && l.challengeId === id && l.matchId === match.id),
      )
      await until(`matchStarted on ${p.id}'s stream`, () =>
        p.stream.lines.find(l => l.type === 'matchStarted' && l.matchId === match.id),
      )
    }
    const bodies = await until('challengeAccepted webhooks to both', () => {
      const b = hooksOf(ann.id, 'challengeAccepted').filter(x => x.challengeId === id)
      return b.length === 2 && b
    })
    expect(bodies.map((b: any) => b.matchId)).toEqual([match.id, match.id])
    // Each body shows the match from its receiver's own seat.
    expect(bodies.map((b: any) => b.challenge.matches[0].seat).sort()).toEqual([0, 1])
    const again = await call(srv, 'POST', `/api/challenges/${id}/accept`, { deck: RACE_DECK }, bob.key)
    expect(again).toMatchObject({ status: 409, json: { code: 'CHALLENGE_CLOSED' } })
    for (const p of [ann, bob]) p.stream.stop()
  })

  it('decline with a reason from the list, cancel by the challenger; only the two players see it; a closed challenge is CHALLENGE_CLOSED', async () => {
    const [ann, bob, eve] = await Promise.all([player('Ann'), player('Bob'), newPlayer(srv, 'Eve')])
    const one = (
      await call(srv, 'POST', '/api/challenges', { game: 'race-to-20', opponent: bob.id, deck: RACE_DECK }, ann.key)
    ).json
    expect((await call(srv, 'GET', `/api/challenges/${one.id}`, undefined, eve.key)).json.code).toBe('NOT_FOUND')
    expect((await call(srv, 'GET', `/api/challenges/${one.id}`, undefined, bob.key)).json.status).toBe('PENDING')
    expect(
      (await call(srv, 'POST', `/api/challenges/${one.id}/decline`, { reason: 'TOO_FAST' }, eve.key)).json.code,
    ).toBe('NOT_FOUND')
    expect((await call(srv, 'POST', `/api/challenges/${one.id}/decline`, { reason: 'BORED' }, bob.key)).json.code).toBe(
      'BAD_USER_INPUT',
    )
    const declined = await call(srv, 'POST', `/api/challenges/${one.id}/decline`, { reason: 'TOO_FAST' }, bob.key)
    expect(declined.json).toMatchObject({ status: 'DECLINED', declineReason: 'TOO_FAST' })
    for (const p of [ann, bob])
      await until('challengeDeclined', () =>
        p.stream.lines.find(l => l.type === 'challengeDeclined' && l.challengeId === one.id),
      )
    expect((await call(srv, 'POST', `/api/challenges/${one.id}/accept`, { deck: RACE_DECK }, bob.key)).json.code).toBe(
      'CHALLENGE_CLOSED',
    )

    const two = (
      await call(srv, 'POST', '/api/challenges', { game: 'race-to-20', opponent: bob.id, deck: RACE_DECK }, ann.key)
    ).json
    expect((await call(srv, 'POST', `/api/challenges/${two.id}/cancel`, {}, bob.key)).json.code).toBe('BAD_USER_INPUT')
    expect((await call(srv, 'POST', `/api/challenges/${two.id}/cancel`, {}, ann.key)).json.status).toBe('CANCELLED')
    for (const p of [ann, bob])
      await until('challengeCancelled', () =>
        p.stream.lines.find(l => l.type === 'challengeCancelled' && l.challengeId === two.id),
      )
    await until(
      'challengeCancelled webhooks to both',
      () => hooksOf(ann.id, 'challengeCancelled').filter(b => b.challengeId === two.id).length === 2,
    )
    const mine = (await call(srv, 'GET', '/api/players/me/challenges', undefined, bob.key)).json
    expect(mine.map((c: any) => c.id)).toEqual([two.id, one.id])
    expect(
      (await call(srv, 'GET', '/api/players/me/challenges?status=DECLINED', undefined, bob.key)).json.map(
        (c: any) => c.id,
      ),
    ).toEqual([one.id])
    for (const p of [ann, bob]) p.stream.stop()
  })

  it('expires at its time (expiresInSeconds) on the job queue: EXPIRED, and both players hear challengeExpired', async () => {
    const [ann, bob] = await Promise.all([player('Ann'), player('Bob')])
    const c = (
      await call(
        srv,
        'POST',
        '/api/challenges',
        { game: 'race-to-20', opponent: bob.id, deck: RACE_DECK, expiresInSeconds: 1 },
        ann.key,
      )
    ).json
    for (const p of [ann, bob])
      await until(
        'challengeExpired',
        () => p.stream.lines.find(l => l.type === 'challengeExpired' && l.challengeId === c.id),
        15_000,
      )
    expect((await call(srv, 'GET', `/api/challenges/${c.id}`, undefined, ann.key)).json.status).toBe('EXPIRED')
    expect((await call(srv, 'POST', `/api/challenges/${c.id}/accept`, { deck: RACE_DECK }, bob.key)).json.code).toBe(
      'CHALLENGE_CLOSED',
    )
    await until(
      'challengeExpired webhooks to both',
      () => hooksOf(ann.id, 'challengeExpired').filter(b => b.challengeId === c.id).length === 2,
    )
    for (const p of [ann, bob]) p.stream.stop()
  })
})

describe('seeks', () => {
  it('create, list oldest first, accept within the rating range: the match starts with the seeker in seat 0, who hears seekAccepted', async () => {
    const [sam, tom, ida] = await Promise.all([player('Sam'), player('Tom'), newPlayer(srv, 'Ida')])
    const first = await call(
      srv,
      'POST',
      '/api/seeks',
      { game: 'race-to-20', sampleDeck: 'Ones to nines', ratingRange: { min: 1400, max: 1600 } },
      sam.key,
    )
    expect(first.status).toBe(201)
    expect(first.json).toMatchObject({
      status: 'OPEN',
      player: { id: sam.id },
      ratingRange: { min: 1400, max: 1600 },
      match: null,
    })
    const narrow = (
      await call(
        srv,
        'POST',
        '/api/seeks',
        { game: 'race-to-20', deck: RACE_DECK, ratingRange: { min: 1700 } },
        sam.key,
      )
    ).json
    const listed = (await call(srv, 'GET', '/api/seeks?game=race-to-20')).json.map((s: any) => s.id)
    expect(listed.indexOf(first.json.id)).toBeLessThan(listed.indexOf(narrow.id))
    expect(
      (await call(srv, 'POST', `/api/seeks/${narrow.id}/accept`, { deck: RACE_DECK }, tom.key)).json,
    ).toMatchObject({ code: 'RATING_OUT_OF_RANGE' })
    expect(
      (await call(srv, 'POST', `/api/seeks/${first.json.id}/accept`, { deck: RACE_DECK }, sam.key)).json.code,
    ).toBe('BAD_USER_INPUT')
    const accepted = await call(srv, 'POST', `/api/seeks/${first.json.id}/accept`, { deck: RACE_DECK }, tom.key)
    expect(accepted.status).toBe(200)
    expect(accepted.json).toMatchObject({ status: 'ACCEPTED', match: { status: 'ACTIVE', seat: 1 } })
    expect(accepted.json.match.seats.map((s: any) => s.playerId)).toEqual([sam.id, tom.id])
    const told = await until('seekAccepted on the seeker’s stream', () =>
      sam.stream.lines.find(l => l.type === 'seekAccepted' && l.seekId === first.json.id),
    )
    expect(told.matchId).toBe(accepted.json.match.id)
    const hook = await until('seekAccepted webhook', () =>
      hooksOf(sam.id, 'seekAccepted').find(b => b.seekId === first.json.id),
    )
    expect(hook).toMatchObject({ matchId: accepted.json.match.id, seek: { match: { seat: 0 } } })
    expect((await call(srv, 'GET', '/api/seeks?game=race-to-20')).json.map((s: any) => s.id)).not.toContain(
      first.json.id,
    )
    expect(
      (await call(srv, 'POST', `/api/seeks/${first.json.id}/accept`, { deck: RACE_DECK }, ida.key)).json.code,
    ).toBe('SEEK_CLOSED')
    expect((await call(srv, 'POST', `/api/seeks/${narrow.id}/cancel`, {}, tom.key)).json.code).toBe('BAD_USER_INPUT')
    expect((await call(srv, 'POST', `/api/seeks/${narrow.id}/cancel`, {}, sam.key)).json.status).toBe('CANCELLED')
    expect((await call(srv, 'POST', `/api/seeks/${narrow.id}/cancel`, {}, sam.key)).json.code).toBe('SEEK_CLOSED')
    for (const p of [sam, tom]) p.stream.stop()
  })

  it('expires at its time: EXPIRED, off the list, and the seeker hears seekExpired', async () => {
    const sam = await player('Sam')
    const s = (
      await call(srv, 'POST', '/api/seeks', { game: 'race-to-20', deck: RACE_DECK, expiresInSeconds: 1 }, sam.key)
    ).json
    await until('seekExpired', () => sam.stream.lines.find(l => l.type === 'seekExpired' && l.seekId === s.id), 15_000)
    expect((await call(srv, 'GET', `/api/seeks/${s.id}`)).json.status).toBe('EXPIRED')
    expect((await call(srv, 'GET', '/api/seeks')).json.map((x: any) => x.id)).not.toContain(s.id)
    sam.stream.stop()
  })
})

describe('over GraphQL', () => {
  it('challenge, acceptChallenge with a sample deck, myChallenges, seeks(game) and acceptSeek answer as REST does', async () => {
    const [ann, bob] = await Promise.all([newPlayer(srv, 'Ann'), newPlayer(srv, 'Bob')])
    const c = await gql(
      srv.app,
      `mutation($i: ChallengeInput!) { challenge(input: $i) { id status challenger { id } opponent { id } expiresAt } }`,
      { i: { game: 'race-to-20', opponent: bob.id, deck: RACE_DECK, expiresInSeconds: 3600 } },
      ann.key,
    )
    expect(c.errors).toBeUndefined()
    expect(c.data.challenge).toMatchObject({ status: 'PENDING', challenger: { id: ann.id }, opponent: { id: bob.id } })
    const acc = await gql(
      srv.app,
      `mutation($id: ID!) { acceptChallenge(id: $id, sampleDeck: "Ones to nines") { status matches { seat status rated } } }`,
      { id: c.data.challenge.id },
      bob.key,
    )
    expect(acc.data.acceptChallenge).toEqual({
      status: 'ACCEPTED',
      matches: [{ seat: 1, status: 'ACTIVE', rated: false }],
    })
    const mine = await gql(srv.app, `query { myChallenges(status: ACCEPTED) { id } }`, {}, ann.key)
    expect(mine.data.myChallenges).toEqual([{ id: c.data.challenge.id }])
    expect(
      (await gql(srv.app, `query($id: ID!) { challenge(id: $id) { id } }`, { id: c.data.challenge.id })).data.challenge,
    ).toBeNull()
    const s = await gql(
      srv.app,
      `mutation { createSeek(input: { game: "race-to-20", sampleDeck: "Ones to nines", ratingRange: { min: 1000 } }) { id ratingRange { min max } } }`,
      {},
      ann.key,
    )
    expect(s.data.createSeek.ratingRange).toEqual({ min: 1000, max: null })
    const listed = await gql(srv.app, `query { seeks(game: "race-to-20") { id player { id } } }`)
    expect(listed.data.seeks).toContainEqual({ id: s.data.createSeek.id, player: { id: ann.id } })
    const taken = await gql(
      srv.app,
      `mutation($id: ID!) { acceptSeek(id: $id, deck: { cards: [1, 2, 3, 4, 5] }) { status match { seat } } }`,
      { id: s.data.createSeek.id },
      bob.key,
    )
    expect(taken.data.acceptSeek).toEqual({ status: 'ACCEPTED', match: { seat: 1 } })
    const inverted = await gql(
      srv.app,
      `mutation { createSeek(input: { game: "race-to-20", sampleDeck: "Ones to nines", ratingRange: { min: 2000, max: 1000 } }) { id } }`,
      {},
      ann.key,
    )
    expect(inverted.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
  })
})

describe('bad input: a 4xx with a code, and nothing written', () => {
  it('an inverted rating range, a challenge to oneself, an unknown opponent, an absurd expiry, no deck, a rated match with a bot seat', async () => {
    const [ann, bob] = await Promise.all([newPlayer(srv, 'Ann'), newPlayer(srv, 'Bob')])
    const before = await counts([ann.id, bob.id])
    const refused = [
      [
        await call(
          srv,
          'POST',
          '/api/seeks',
          { game: 'race-to-20', deck: RACE_DECK, ratingRange: { min: 1600, max: 1400 } },
          ann.key,
        ),
        400,
        'BAD_USER_INPUT',
      ],
      [
        await call(srv, 'POST', '/api/challenges', { game: 'race-to-20', opponent: ann.id, deck: RACE_DECK }, ann.key),
        400,
        'BAD_USER_INPUT',
      ],
      [
        await call(
          srv,
          'POST',
          '/api/challenges',
          { game: 'race-to-20', opponent: '00000000-0000-4000-8000-000000000000', deck: RACE_DECK },
          ann.key,
        ),
        404,
        'NOT_FOUND',
      ],
      [
        await call(
          srv,
          'POST',
          '/api/challenges',
          { game: 'race-to-20', opponent: bob.id, deck: RACE_DECK, expiresInSeconds: 0 },
          ann.key,
        ),
        400,
        'BAD_USER_INPUT',
      ],
      [
        await call(
          srv,
          'POST',
          '/api/challenges',
          { game: 'race-to-20', opponent: bob.id, deck: RACE_DECK, expiresInSeconds: 1_209_601 },
          ann.key,
        ),
        400,
        'BAD_USER_INPUT',
      ],
      [
        await call(
          srv,
          'POST',
          '/api/seeks',
          { game: 'race-to-20', deck: RACE_DECK, expiresInSeconds: 10 ** 9 },
          ann.key,
        ),
        400,
        'BAD_USER_INPUT',
      ],
      [
        await call(srv, 'POST', '/api/challenges', { game: 'race-to-20', opponent: bob.id }, ann.key),
        400,
        'BAD_USER_INPUT',
      ],
      [
        await call(
          srv,
          'POST',
          '/api/challenges',
          { game: 'race-to-20', opponent: bob.id, sampleDeck: 'No such deck' },
          ann.key,
        ),
        400,
        'BAD_USER_INPUT',
      ],
      [
        await call(
          srv,
          'POST',
          '/api/challenges',
          { game: 'race-to-20', opponent: bob.id, deck: { cards: [42] } },
          ann.key,
        ),
        422,
        'DECK_ILLEGAL',
      ],
      [
        await call(srv, 'POST', '/api/challenges', { game: 'race-to-20', opponent: bob.id, deck: RACE_DECK }),
        401,
        'UNAUTHENTICATED',
      ],
      [
        await call(
          srv,
          'POST',
          '/api/matches',
          {
            game: 'race-to-20',
            rated: true,
            seats: [{ player: ann.id, deck: RACE_DECK }, { bot: { kind: 'random' } }],
          },
          ann.key,
        ),
        400,
        'BAD_USER_INPUT',
      ],
      [
        await call(
          srv,
          'POST',
          '/api/matches',
          { game: 'race-to-20', rated: true, seats: [{ player: ann.id, deck: RACE_DECK }, { deck: RACE_DECK }] },
          ann.key,
        ),
        400,
        'BAD_USER_INPUT',
      ],
    ] as const
    for (const [res, status, code] of refused)
      expect({ status: res.status, code: res.json.code }).toEqual({ status, code })
    expect(await counts([ann.id, bob.id])).toEqual(before)
  })
})
