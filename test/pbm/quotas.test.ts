// Quotas per client address and per player key (issue 26 finding 12): createMatch, createPlayer and saveDeck past
// QUOTA_*_PER_HOUR are refused QUOTA_EXCEEDED (429 with Retry-After, over REST and POST /graphql) and write nothing,
// across processes.
import { randomInt } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { QuotaSettings } from '../../src/service/index.ts'
import { pruneQuotas } from '../../src/service/quotas.ts'
import type { Database } from '../../src/store/database.ts'
import { openTestDatabase } from '../support/db.ts'
import { RACE_DECK, startTestServer, type TestServer } from '../support/server.ts'

const TWO: QuotaSettings = { matchesPerHour: 2, playersPerHour: 2, decksPerHour: 2 }

// A fresh client address per test: a shared PostgreSQL database keeps the counts of earlier runs.
const newAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`

const PLAYER = `mutation($n: String!) { createPlayer(name: $n) { key player { id } } }`
const DECK = `mutation($d: JSON!) { saveDeck(game: "race-to-20", name: "quota", deck: $d) { id } }`
const MATCH = `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id } } }`
const MATCH_INPUT = { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { open: true }] }

interface GqlAnswer {
  status: number
  retryAfter: string | undefined
  data: Record<string, any> | null
  errors?: { message: string; extensions: Record<string, any> }[]
}

async function gqlFrom(
  srv: TestServer,
  address: string,
  query: string,
  variables: Record<string, unknown>,
  key?: string,
): Promise<GqlAnswer> {
  const res = await srv.app.inject({
    method: 'POST',
    url: '/graphql',
    remoteAddress: address,
    headers: key ? { authorization: `Bearer ${key}` } : {},
    payload: { query, variables },
  })
  const body = res.json()
  return {
    status: res.statusCode,
    retryAfter: res.headers['retry-after'] as string | undefined,
    data: body.data,
    errors: body.errors,
  }
}

async function rows(db: Database): Promise<{ players: number; decks: number; matches: number }> {
  const [r] = await db.sql.query<{ players: number; decks: number; matches: number }>(
    `SELECT (SELECT count(*) FROM "Player")::int AS players, (SELECT count(*) FROM "Deck")::int AS decks, (SELECT count(*) FROM "Match")::int AS matches`,
  )
  return r!
}

function expectQuotaExceeded(answer: GqlAnswer): void {
  const error = answer.errors?.[0]
  expect(error?.extensions.code).toBe('QUOTA_EXCEEDED')
  expect(error?.extensions.retryAfter).toBeGreaterThanOrEqual(1)
  expect(error?.extensions.retryAfter).toBeLessThanOrEqual(3600)
  // Over POST /graphql as over REST: 429 with Retry-After in seconds (the contract).
  expect(answer.status).toBe(429)
  expect(Number(answer.retryAfter)).toBe(error?.extensions.retryAfter)
}

describe('quotas per address and per key (QUOTA_*_PER_HOUR)', () => {
  let db: Database
  let one: TestServer
  let other: TestServer

  beforeAll(async () => {
    db = await openTestDatabase()
    // Two servers on one database, as two processes would be: the count is in the database.
    one = await startTestServer({ db, quotas: TWO })
    other = await startTestServer({ db, quotas: TWO })
  })
  afterAll(async () => {
    await one?.close()
    await other?.close()
    await db?.close()
  })

  it('createPlayer, saveDeck and createMatch past the quota of one address are refused QUOTA_EXCEEDED and write nothing', async () => {
    const address = newAddress()
    for (let i = 0; i < 2; i++) expect((await gqlFrom(one, address, PLAYER, { n: `p${i}` })).errors).toBeUndefined()
    for (let i = 0; i < 2; i++) expect((await gqlFrom(one, address, DECK, { d: RACE_DECK })).errors).toBeUndefined()
    for (let i = 0; i < 2; i++)
      expect((await gqlFrom(one, address, MATCH, { input: MATCH_INPUT })).errors).toBeUndefined()
    const before = await rows(db)
    expectQuotaExceeded(await gqlFrom(one, address, PLAYER, { n: 'third' }))
    expectQuotaExceeded(await gqlFrom(one, address, DECK, { d: RACE_DECK }))
    expectQuotaExceeded(await gqlFrom(one, address, MATCH, { input: MATCH_INPUT }))
    expect(await rows(db)).toEqual(before)
    // Another address still has its whole quota.
    expect((await gqlFrom(one, newAddress(), PLAYER, { n: 'elsewhere' })).errors).toBeUndefined()
  })

  it('over REST the refusal is 429 with Retry-After in seconds, and nothing is written', async () => {
    const address = newAddress()
    const post = (url: string, payload: object) =>
      one.app.inject({ method: 'POST', url, remoteAddress: address, payload })
    const calls: [string, object][] = [
      ['/api/players', { name: 'rest' }],
      ['/api/decks', { game: 'race-to-20', name: 'rest', deck: RACE_DECK }],
      ['/api/matches', MATCH_INPUT],
    ]
    for (const [url, payload] of calls)
      for (let i = 0; i < 2; i++) expect((await post(url, payload)).statusCode).toBeLessThan(300)
    const before = await rows(db)
    for (const [url, payload] of calls) {
      const res = await post(url, payload)
      expect(res.statusCode, url).toBe(429)
      expect(res.json().code).toBe('QUOTA_EXCEEDED')
      const seconds = Number(res.headers['retry-after'])
      expect(seconds).toBeGreaterThanOrEqual(1)
      expect(seconds).toBeLessThanOrEqual(3600)
    }
    expect(await rows(db)).toEqual(before)
  })

  it('a player key has its own quota, whatever address it calls from (invitations count as matches)', async () => {
    const ann = (await gqlFrom(one, newAddress(), PLAYER, { n: 'ann' })).data!.createPlayer
    const bob = (await gqlFrom(one, newAddress(), PLAYER, { n: 'bob' })).data!.createPlayer
    const invite = {
      game: 'race-to-20',
      seats: [
        { player: ann.player.id, deck: RACE_DECK },
        { player: bob.player.id, deck: RACE_DECK },
      ],
    }
    for (let i = 0; i < 2; i++)
      expect((await gqlFrom(one, newAddress(), MATCH, { input: invite }, ann.key)).errors).toBeUndefined()
    for (let i = 0; i < 2; i++)
      expect((await gqlFrom(one, newAddress(), DECK, { d: RACE_DECK }, ann.key)).errors).toBeUndefined()
    const before = await rows(db)
    expectQuotaExceeded(await gqlFrom(one, newAddress(), MATCH, { input: invite }, ann.key))
    expectQuotaExceeded(await gqlFrom(one, newAddress(), DECK, { d: RACE_DECK }, ann.key))
    expect(await rows(db)).toEqual(before)
    // Bob's key is not Ann's.
    expect((await gqlFrom(one, newAddress(), DECK, { d: RACE_DECK }, bob.key)).errors).toBeUndefined()
  })

  it('two servers on one database share the count', async () => {
    const address = newAddress()
    expect((await gqlFrom(one, address, DECK, { d: RACE_DECK })).errors).toBeUndefined()
    expect((await gqlFrom(other, address, DECK, { d: RACE_DECK })).errors).toBeUndefined()
    expectQuotaExceeded(await gqlFrom(other, address, DECK, { d: RACE_DECK }))
    expectQuotaExceeded(await gqlFrom(one, address, DECK, { d: RACE_DECK }))
  })

  it('racing creations from one address on two servers never pass the quota', async () => {
    const address = newAddress()
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => gqlFrom(i % 2 ? one : other, address, DECK, { d: RACE_DECK })),
    )
    expect(answers.filter(a => !a.errors).length).toBe(2)
    for (const a of answers.filter(a => a.errors)) expectQuotaExceeded(a)
  })

  it('the sweep prunes quota rows with no use in the last hour, and keeps the others', async () => {
    const idle = `address:${newAddress()}`
    const busy = `address:${newAddress()}`
    await db.sql.query(
      `INSERT INTO "QuotaUse" (subject, kind, uses, "updatedAt") VALUES ($1, 'deck', ARRAY[now() - interval '2 hours'], now() - interval '2 hours'), ($2, 'deck', ARRAY[now()], now())`,
      [idle, busy],
    )
    await pruneQuotas(db)
    const left = await db.sql.query<{ subject: string }>(`SELECT subject FROM "QuotaUse" WHERE subject IN ($1, $2)`, [
      idle,
      busy,
    ])
    expect(left.map(r => r.subject)).toEqual([busy])
  })

  it('0 turns a quota off', async () => {
    const off = await startTestServer({ db, quotas: { matchesPerHour: 0, playersPerHour: 0, decksPerHour: 0 } })
    try {
      const address = newAddress()
      for (let i = 0; i < 5; i++) {
        expect((await gqlFrom(off, address, PLAYER, { n: `p${i}` })).errors).toBeUndefined()
        expect((await gqlFrom(off, address, DECK, { d: RACE_DECK })).errors).toBeUndefined()
        expect((await gqlFrom(off, address, MATCH, { input: MATCH_INPUT })).errors).toBeUndefined()
      }
    } finally {
      await off.close()
    }
  })
})
