// Limits: GraphQL documents too complex are refused (QUERY_TOO_COMPLEX) before running; request rates per IP and per
// token (RATE_LIMITED 429 with Retry-After).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_LIMITS } from '../../src/api/limits.ts'
import { GameRegistry } from '../../src/kernel/index.ts'
import { buildServer, type ArbiterServer } from '../../src/server.ts'
import type { Database } from '../../src/store/database.ts'
import { openTestDatabase } from '../support/db.ts'
import { CREATE_MATCH, gql, RACE_DECK, SUBMIT } from '../support/server.ts'
import { raceGame } from '../support/test-game.ts'

// One database, two servers: one with the default limits, one with low ones to reach them quickly.
let db: Database
let app: ArbiterServer
let strict: ArbiterServer
let matchId: string
let token: string
beforeAll(async () => {
  db = await openTestDatabase()
  app = await buildServer({ db, registry: new GameRegistry([raceGame]) })
  strict = await buildServer({
    db,
    registry: new GameRegistry([raceGame]),
    limits: { graphqlDepth: 3, graphqlCost: 25, rateLimitMax: 40, rateLimitTokenMax: 10, rateLimitWindowMs: 60_000 },
  })
  const c = await gql(app, CREATE_MATCH, {
    input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }], seed: 'limits' },
  })
  matchId = c.data.createMatch.match.id
  const tokens = c.data.createMatch.seats.map((s: { token: string }) => s.token)
  token = tokens[0]
  for (let i = 0; i < 6; i++) await gql(app, SUBMIT, { input: { matchId, action: { type: 'roll' } } }, tokens[i % 2])
})
afterAll(async () => {
  await app.close()
  await strict.close()
  await db.close()
})

async function post(server: ArbiterServer, query: string, opts: { ip?: string; token?: string } = {}) {
  const res = await server.inject({
    method: 'POST',
    url: '/graphql',
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    payload: { query },
  })
  return {
    status: res.statusCode,
    headers: res.headers,
    body: res.json() as { data?: unknown; errors?: { message: string; extensions: { code: string } }[] },
  }
}

describe('GraphQL documents over the limits are refused with QUERY_TOO_COMPLEX (400) before anything runs', () => {
  it('the 200-alias match { log } attack, at the default limits, quickly and without growing the heap', async () => {
    const attack = `{ ${Array.from({ length: 200 }, (_, i) => `m${i}: match(id: "${matchId}") { log { seq action events } }`).join(' ')} }`
    const rssBefore = process.memoryUsage().rss
    const t = performance.now()
    const res = await post(app, attack)
    const ms = performance.now() - t
    const rssAfter = process.memoryUsage().rss
    console.log(
      `200-alias attack refused in ${ms.toFixed(1)} ms; RSS ${(rssBefore / 2 ** 20).toFixed(0)} -> ${(rssAfter / 2 ** 20).toFixed(0)} MiB`,
    )
    expect(res.status).toBe(400)
    expect(res.body.data ?? null).toBeNull()
    expect(new Set(res.body.errors!.map(e => e.extensions.code))).toEqual(new Set(['QUERY_TOO_COMPLEX']))
    expect(res.body.errors![0]!.message).toBe(
      `Document contains more that ${DEFAULT_LIMITS.graphqlTokens} tokens. Parsing aborted.`,
    )
    expect(ms).toBeLessThan(1_000)
    expect(rssAfter - rssBefore).toBeLessThan(50 * 2 ** 20)
  })

  it('too many root fields, aliases, tokens (5,000 nested fragments), depth or cost', async () => {
    const rootFields = `{ ${Array.from({ length: 11 }, (_, i) => `g${i}: match(id: "${matchId}") { log { seq } }`).join(' ')} }`
    const aliases = `{ games { ${Array.from({ length: 16 }, (_, i) => `a${i}: id`).join(' ')} } }`
    const fragments = `query { ...F0 } ${Array.from({ length: 5_000 }, (_, i) => `fragment F${i} on Query { ${i === 4_999 ? 'games { id }' : `...F${i + 1}`} }`).join(' ')}`
    for (const [query, limit] of [
      [rootFields, 'Root fields limit'],
      [aliases, 'Aliases limit'],
      [fragments, 'tokens'],
    ] as const) {
      const res = await post(app, query)
      expect(res.status).toBe(400)
      expect(res.body.errors?.[0]?.extensions.code).toBe('QUERY_TOO_COMPLEX')
      expect(res.body.errors?.[0]?.message).toContain(limit)
    }
    const deep = await post(strict, `{ match(id: "${matchId}") { log { events } } games { sampleDecks { deck } } }`)
    expect(deep.status).toBe(200)
    const tooDeep = await post(
      strict,
      `query { ...A } fragment A on Query { match(id: "${matchId}") { ...B } } fragment B on Match { log { ...C } } fragment C on LogEntry { seq events }`,
    )
    expect(tooDeep.body.errors?.map(e => e.extensions.code)).toContain('QUERY_TOO_COMPLEX')
    const costly = await post(
      strict,
      `{ games { id name minSeats maxSeats sampleDecks { name deck } } a: games { id name minSeats maxSeats sampleDecks { name deck } } }`,
    )
    expect(costly.status).toBe(400)
    expect(costly.body.errors?.[0]?.message).toMatch(/Query Cost limit of 25 exceeded, found 31/)
  })
})

describe('request rates are limited per client IP and per bearer token: RATE_LIMITED 429 with Retry-After', () => {
  it('per IP, on GraphQL and REST alike; another IP is unaffected; /health never', async () => {
    const ip = '10.0.0.1'
    for (let i = 0; i < 40; i++) expect((await post(strict, '{ games { id } }', { ip })).status).toBe(200)
    const g = await post(strict, '{ games { id } }', { ip })
    expect(g.status).toBe(429)
    expect(Number(g.headers['retry-after'])).toBeGreaterThan(0)
    expect(g.body.errors?.[0]?.extensions.code).toBe('RATE_LIMITED')
    const r = await strict.inject({ method: 'GET', url: '/api/games', remoteAddress: ip })
    expect(r.statusCode).toBe(429)
    expect(r.json().code).toBe('RATE_LIMITED')
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0)
    expect((await strict.inject({ method: 'GET', url: '/health', remoteAddress: ip })).statusCode).toBe(200)
    expect((await post(strict, '{ games { id } }', { ip: '10.0.0.2' })).status).toBe(200)
  })

  it('per token, whatever the IP', async () => {
    const q = `{ match(id: "${matchId}") { version } }`
    for (let i = 0; i < 10; i++) expect((await post(strict, q, { ip: `10.1.0.${i}`, token })).status).toBe(200)
    const over = await post(strict, q, { ip: '10.1.0.99', token })
    expect(over.status).toBe(429)
    expect(over.body.errors?.[0]?.extensions.code).toBe('RATE_LIMITED')
    expect((await post(strict, q, { ip: '10.1.0.99' })).status).toBe(200)
  })
})
