// Security settings: CORS, helmet headers and the CSP, the introspection and GraphiQL switches, Prometheus /metrics.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GameRegistry } from '../../src/kernel/index.ts'
import { buildServer, type ArbiterServer } from '../../src/server.ts'
import type { Database } from '../../src/store/database.ts'
import { backendName, openTestDatabase } from '../support/db.ts'
import { CREATE_MATCH, gql, RACE_DECK, SUBMIT } from '../support/server.ts'
import { raceGame } from '../support/test-game.ts'

let db: Database
let open: ArbiterServer
let locked: ArbiterServer
beforeAll(async () => {
  db = await openTestDatabase()
  open = await buildServer({ db, registry: new GameRegistry([raceGame]) })
  locked = await buildServer({
    db,
    registry: new GameRegistry([raceGame]),
    corsOrigins: ['https://play.example'],
    graphiql: false,
    introspection: false,
  })
})
afterAll(async () => {
  await open.close()
  await locked.close()
  await db.close()
})

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map(d => d.trim().split(/\s+/))
      .filter(d => d[0])
      .map(([name, ...values]) => [name!, values]),
  )
}

describe('CORS (CORS_ORIGINS, default any origin, never credentials)', () => {
  it('answers the preflight of /graphql and /api for any origin by default', async () => {
    for (const url of ['/graphql', '/api/matches']) {
      const res = await open.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: 'https://elsewhere.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      })
      expect(res.statusCode).toBe(204)
      expect(res.headers['access-control-allow-origin']).toBe('*')
      expect(String(res.headers['access-control-allow-headers'])).toContain('authorization')
      expect(res.headers['access-control-allow-credentials']).toBeUndefined()
    }
  })

  it('with a list, allows only the origins listed', async () => {
    const ok = await locked.inject({
      method: 'POST',
      url: '/graphql',
      headers: { origin: 'https://play.example' },
      payload: { query: '{ games { id } }' },
    })
    expect(ok.headers['access-control-allow-origin']).toBe('https://play.example')
    const no = await locked.inject({
      method: 'POST',
      url: '/graphql',
      headers: { origin: 'https://evil.example' },
      payload: { query: '{ games { id } }' },
    })
    expect(no.headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe("security headers (helmet) and a CSP of 'self' that GraphiQL, /docs and the landing page pass", () => {
  it('allows scripts, styles, fonts and connections from this server only (inline styles and data: images and fonts aside)', async () => {
    const page = await open.inject({ method: 'GET', url: '/graphiql' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['x-content-type-options']).toBe('nosniff')
    const csp = directives(String(page.headers['content-security-policy']))
    expect(Object.fromEntries(csp)).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'worker-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    })
  })

  it('every page has the same CSP, and loads its scripts and stylesheets from this server (no inline script, no other host)', async () => {
    const pages = await Promise.all(['/graphiql', '/docs/', '/'].map(url => open.inject({ method: 'GET', url })))
    for (const res of pages) {
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.headers['content-security-policy']).toBe(pages[0]!.headers['content-security-policy'])
      const scripts = [...res.body.matchAll(/<script([^>]*)>/g)].map(m => m[1]!)
      expect(scripts.length).toBeGreaterThan(0)
      // Same-origin (relative) sources only: 'self' allows them; an inline script would be blocked.
      for (const attrs of scripts) expect(attrs).toMatch(/src="(\.|\/)[^"]+"/)
      expect(res.body).not.toMatch(/(src|href)="(https?:)?\/\//)
    }
  })
})

describe('GRAPHQL_INTROSPECTION and GRAPHIQL switches', () => {
  it('on by default; off refuses introspection and serves no IDE', async () => {
    const q = '{ __schema { queryType { name } } }'
    expect((await gql(open, q)).data.__schema.queryType.name).toBe('Query')
    const refused = await gql(locked, q)
    expect(refused.status).toBe(400)
    expect(refused.errors?.[0]?.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED')
    expect((await gql(locked, '{ games { id } }')).data.games).toHaveLength(1)
    for (const url of ['/graphiql', '/graphiql/graphiql-page.js', '/graphiql/vendor/graphiql.min.js'])
      expect((await locked.inject({ method: 'GET', url })).statusCode).toBe(404)
    const browser = await locked.inject({ method: 'GET', url: '/graphql', headers: { accept: 'text/html' } })
    expect(browser.statusCode).not.toBe(302)
  })
})

describe('Prometheus metrics at /metrics', () => {
  it('request latency by GraphQL operation and REST route, rejections by code, actions by game, actions per commit statement, process and pool figures', async () => {
    await gql(open, '{ games { id } }')
    await open.inject({ method: 'GET', url: '/api/games/race-to-20' })
    await open.inject({ method: 'GET', url: '/api/games/chess' })
    await gql(open, '{ games { id nope } }')
    const created = await gql(open, CREATE_MATCH, {
      input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }] },
    })
    const moved = await gql(
      open,
      SUBMIT,
      { input: { matchId: created.data.createMatch.match.id, action: { type: 'roll' } } },
      created.data.createMatch.seats[0].token,
    )
    expect(moved.errors).toBeUndefined()
    // On PostgreSQL a server trusts its cached copies only once the other servers have had time to count
    // its LISTEN (a few seconds after start-up): until then every read is a miss, so read until one hits.
    const until = Date.now() + 30_000
    let res = await open.inject({ method: 'GET', url: '/metrics' })
    while (!/arbiter_snapshot_cache_total\{result="hit"\} [1-9]/.test(res.body) && Date.now() < until) {
      await gql(open, `query($id: ID!) { match(id: $id) { version } }`, { id: created.data.createMatch.match.id })
      res = await open.inject({ method: 'GET', url: '/metrics' })
      await new Promise(r => setTimeout(r, 250))
    }
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/plain')
    const text = res.body
    expect(text).toMatch(
      /arbiter_request_duration_seconds_count\{route="\/graphql",operation="query:games",status="200"\} [1-9]/,
    )
    expect(text).toMatch(
      /arbiter_request_duration_seconds_count\{route="\/api\/games\/:id",operation="",status="200"\} [1-9]/,
    )
    expect(text).toMatch(/arbiter_rejections_total\{code="NOT_FOUND"\} [1-9]/)
    expect(text).toMatch(/arbiter_rejections_total\{code="GRAPHQL_VALIDATION_FAILED"\} [1-9]/)
    expect(text).toMatch(/arbiter_actions_applied_total\{game="race-to-20"\} [1-9]/)
    expect(text).toMatch(/arbiter_commit_batch_actions_count [1-9]/)
    expect(text).toMatch(/arbiter_commit_batch_actions_bucket\{le="1"\} [1-9]/)
    expect(text).toMatch(/arbiter_snapshot_cache_total\{result="hit"\} [1-9]/)
    expect(text).toContain('arbiter_process_resident_memory_bytes')
    if (backendName === 'postgres') expect(text).toMatch(/arbiter_db_pool_connections\{state="total"\} \d/)
  })
})
