// GET /api/matches/export: finished matches as dataset lines, paged oldest end first, that replay to their winners.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnyEngine } from '../../src/kernel/index.ts'
import type { ExportLine } from '../../src/service/dataset-export.ts'
import { RACE_DECK, startListeningServer, type ListeningServer } from '../support/server.ts'
import { raceGame } from '../support/test-game.ts'

// A game id of this run only: the database may hold other tests' finished matches of the test game.
const game: AnyEngine = { ...raceGame, id: `race-export-${randomUUID().slice(0, 8)}` }
let srv: ListeningServer

async function call(method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${srv.base}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  })
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() }
}

async function page(query: string): Promise<ExportLine[]> {
  const res = await call('GET', `/api/matches/export?${query}`)
  expect(res.status, res.text).toBe(200)
  expect(res.type).toContain('application/x-ndjson')
  return res.text
    .split('\n')
    .filter(Boolean)
    .map(l => JSON.parse(l) as ExportLine)
}

async function create(seed: string): Promise<{ id: string; tokens: string[] }> {
  const res = await call('POST', '/api/matches', {
    game: game.id,
    seats: [{ deck: RACE_DECK, name: 'Ann' }, { deck: RACE_DECK }],
    seed,
    options: { target: 12 },
  })
  const body = JSON.parse(res.text)
  return { id: body.match.id, tokens: body.seats.map((s: { token: string }) => s.token) }
}

/** Plays the first legal action of whoever is to act until the match is over. */
async function playOut(m: { id: string; tokens: string[] }): Promise<void> {
  for (;;) {
    const view = JSON.parse((await call('GET', `/api/matches/${m.id}`)).text)
    if (view.status !== 'ACTIVE') return
    const seat = view.toAct[0]
    const legal = JSON.parse((await call('GET', `/api/matches/${m.id}/legal-actions`, undefined, m.tokens[seat])).text)
    expect((await call('POST', `/api/matches/${m.id}/actions`, { actionId: legal[0].id }, m.tokens[seat])).status).toBe(
      200,
    )
  }
}

/** Replays a line with the engine alone, as the README says: apply each move, resign for a resign or timeout. */
function replay(line: ExportLine) {
  let state = game.setup(line.decks, game.schemas.options.parse(line.options), line.seed)
  for (const a of line.actions)
    state =
      a.kind === 'resign' || a.kind === 'timeout'
        ? game.resign(state, a.seat).state
        : game.apply(state, a.seat, a.action as never).state
  return game.status(state)
}

const ids: string[] = []
let active: string

beforeAll(async () => {
  srv = await startListeningServer({ games: [game] })
  const first = await create('export-1')
  await playOut(first)
  const resigned = await create('export-2')
  expect((await call('POST', `/api/matches/${resigned.id}/resign`, {}, resigned.tokens[1])).status).toBe(200)
  active = (await create('export-3')).id
  const last = await create('export-4')
  await playOut(last)
  ids.push(first.id, resigned.id, last.id)
})
afterAll(async () => srv?.close())

describe('GET /api/matches/export', () => {
  it('one FINISHED match per line, oldest end first, in the dataset format, each replaying to its winners', async () => {
    const lines = await page(`game=${game.id}`)
    expect(lines.map(l => l.id)).toEqual(ids)
    expect(lines.map(l => l.index)).toEqual([0, 1, 2])
    expect([...lines.map(l => l.endedAt)].sort()).toEqual(lines.map(l => l.endedAt))
    for (const line of lines) {
      expect(line).toMatchObject({
        game: game.id,
        finished: true,
        options: { target: 12 },
        players: ['Ann', 'Seat 2'],
        endReason: expect.any(String),
      })
      expect(line.decisions).toBe(line.actions.length)
      const end = replay(line)
      expect(end.finished).toBe(true)
      expect(end.winners).toEqual(line.winners)
    }
    expect(lines[0]!.actions.every(a => a.kind === 'move')).toBe(true)
    expect(lines[1]!.actions).toEqual([{ seat: 1, action: expect.anything(), kind: 'resign' }])
    expect(lines[1]!.winners).toEqual([0])
    expect(lines.some(l => l.id === active)).toBe(false)
  })

  it('pages with after and limit: a page shorter than limit is the last', async () => {
    const one = await page(`game=${game.id}&limit=1`)
    expect(one.map(l => l.id)).toEqual([ids[0]])
    const two = await page(`game=${game.id}&limit=2&after=${ids[0]}`)
    expect(two.map(l => l.id)).toEqual([ids[1], ids[2]])
    expect(two.map(l => l.index)).toEqual([1, 2])
    expect(await page(`game=${game.id}&after=${ids[2]}`)).toEqual([])
    // Without a game filter the same matches come in the same relative order, among every other finished match.
    const all: ExportLine[] = []
    for (let after = ''; ;) {
      const next = await page(`limit=1000${after}`)
      all.push(...next)
      if (next.length < 1000) break
      after = `&after=${next.at(-1)!.id}`
    }
    expect(all.filter(l => ids.includes(l.id)).map(l => l.id)).toEqual(ids)
  })

  it('refuses an unknown game or a bad limit with BAD_USER_INPUT (400), an unknown after with NOT_FOUND (404)', async () => {
    for (const q of ['game=chess', 'limit=0', 'limit=1001', 'limit=many']) {
      const res = await call('GET', `/api/matches/export?${q}`)
      expect(res.status, q).toBe(400)
      expect(JSON.parse(res.text).code).toBe('BAD_USER_INPUT')
    }
    for (const after of [randomUUID(), active, 'not-an-id']) {
      const res = await call('GET', `/api/matches/export?game=${game.id}&after=${after}`)
      expect(res.status, after).toBe(404)
      expect(JSON.parse(res.text).code).toBe('NOT_FOUND')
    }
  })

  it('is in the OpenAPI document as exportMatches, an NDJSON answer', async () => {
    const doc = JSON.parse((await call('GET', '/docs/json')).text)
    const op = doc.paths['/api/matches/export'].get
    expect(op.operationId).toBe('exportMatches')
    expect(Object.keys(op.responses[200].content)).toEqual(['application/x-ndjson'])
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['after', 'game', 'limit'])
  })
})
