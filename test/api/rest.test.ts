// The REST mirror: games, cards, decks, a match played over REST with its stream, the OpenAPI document and /health.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RACE_DECK, startListeningServer, type ListeningServer } from '../support/server.ts'

let srv: ListeningServer
let base: string
beforeAll(async () => {
  srv = await startListeningServer()
  base = srv.base
})
afterAll(async () => srv.close())

async function call(method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  })
  return { status: res.status, body: (await res.json()) as any }
}

describe('the REST mirror', () => {
  it('games, cards and deck checks', async () => {
    const games = await call('GET', '/api/games')
    expect(games.body.map((g: { id: string }) => g.id)).toEqual(['race-to-20'])
    expect(games.body[0].deckSchema.type).toBe('object')
    expect((await call('GET', '/api/games/race-to-20')).body.maxSeats).toBe(2)
    expect((await call('GET', '/api/games/chess')).status).toBe(404)
    const cards = await call('GET', '/api/games/race-to-20/cards?search=card 7')
    expect(cards.body.map((c: { id: string }) => c.id)).toEqual(['card-7'])
    const check = await call('POST', '/api/games/race-to-20/validate-deck', { deck: { cards: [1, 2] } })
    expect(check.body).toMatchObject({ legal: false, violations: [{ code: 'DECK_SIZE', rule: 'TG-1' }] })
  })

  it('decks: a deck of the wrong shape is not stored, an illegal one is stored as a draft, a legal one is', async () => {
    const bad = await call('POST', '/api/decks', { game: 'race-to-20', name: 'Broken', deck: { cards: 'none' } })
    expect(bad.status).toBe(422)
    expect(bad.body.code).toBe('DECK_ILLEGAL')
    const draft = await call('POST', '/api/decks', { game: 'race-to-20', name: 'Short', deck: { cards: [1] } })
    expect(draft.status).toBe(201)
    expect(draft.body.legal).toBe(false)
    expect(draft.body.violations.length).toBeGreaterThan(0)
    const good = await call('POST', '/api/decks', { game: 'race-to-20', name: 'Fine', deck: RACE_DECK })
    expect(good.status).toBe(201)
    const got = await call('GET', `/api/decks/${good.body.id}`)
    expect(got.body).toMatchObject({ name: 'Fine', legal: true, deck: RACE_DECK })
    expect((await call('GET', '/api/decks/00000000-0000-4000-8000-000000000000')).status).toBe(404)
  })

  it('plays a match: view, legal actions, actionId, log, and a stream of views that ends with the match', async () => {
    const created = await call('POST', '/api/matches', {
      game: 'race-to-20',
      seats: [{ deck: RACE_DECK }, { deck: RACE_DECK }],
      seed: 'rest',
      options: { target: 10 },
    })
    expect(created.status).toBe(201)
    const id = created.body.match.id
    const tokens = created.body.seats.map((s: { token: string }) => s.token)

    const stream = await fetch(`${base}/api/matches/${id}/stream`, {
      headers: { authorization: `Bearer ${tokens[1]}` },
    })
    expect(stream.headers.get('content-type')).toContain('application/x-ndjson')
    const lines: any[] = []
    const reading = (async () => {
      const decoder = new TextDecoder()
      let buf = ''
      for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>) {
        buf += decoder.decode(chunk, { stream: true })
        let nl
        while ((nl = buf.indexOf('\n')) >= 0) {
          const text = buf.slice(0, nl).trim()
          buf = buf.slice(nl + 1)
          if (text) lines.push(JSON.parse(text))
        }
      }
    })()

    let status = 'ACTIVE'
    let version = 0
    while (status === 'ACTIVE') {
      const view = await call('GET', `/api/matches/${id}`)
      const seat = view.body.toAct[0]
      const legal = await call('GET', `/api/matches/${id}/legal-actions`, undefined, tokens[seat])
      const res = await call(
        'POST',
        `/api/matches/${id}/actions`,
        { actionId: legal.body[0].id, expectedVersion: version },
        tokens[seat],
      )
      expect(res.status).toBe(200)
      status = res.body.match.status
      version = res.body.match.version
    }
    await reading
    expect(lines[0].version).toBe(0)
    expect(lines.at(-1)).toMatchObject({ version, status: 'FINISHED', seat: 1 })
    expect(lines.map(l => l.version)).toEqual([...lines.map(l => l.version)].sort((a, b) => a - b))
    expect(lines.every(l => l.seat === 1)).toBe(true)

    const log = await call('GET', `/api/matches/${id}/log?after=1`, undefined, tokens[0])
    expect(log.body[0].seq).toBe(2)
    expect(log.body).toHaveLength(version - 1)
    expect((await call('GET', `/api/matches/${id}/log?after=-1`)).status).toBe(400)
  })

  it('serves the OpenAPI document with every REST route', async () => {
    const doc = await call('GET', '/docs/json')
    expect(doc.body.openapi).toMatch(/^3\./)
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/games',
        '/api/decks',
        '/api/matches',
        '/api/matches/{id}/actions',
        '/api/matches/{id}/legal-actions',
        '/api/matches/{id}/stream',
      ]),
    )
  })

  it('/health reports the database', async () => {
    const h = await call('GET', '/health')
    expect(h.status).toBe(200)
    expect(h.body).toEqual({ status: 'ok', database: srv.db.kind })
  })
})
