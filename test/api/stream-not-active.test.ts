// GET /api/matches/{id}/stream of a match that is not ACTIVE: one line with the match, then the stream ends (not a 500).
import { afterAll, beforeAll, expect, test } from 'vitest'
import { cyberNetCards } from '../../src/games/cyber-net-cards/index.ts'
import { startListeningServer, type ListeningServer } from '../support/server.ts'

let srv: ListeningServer
beforeAll(async () => {
  srv = await startListeningServer({ games: [cyberNetCards] })
})
afterAll(async () => srv?.close())

async function streamLines(id: string, token?: string): Promise<{ status: number; lines: any[] }> {
  const res = await fetch(`${srv.base}/api/matches/${id}/stream`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
  const text = await res.text()
  return { status: res.status, lines: text.split('\n').filter(Boolean).map((l) => JSON.parse(l)) }
}

test('a WAITING match streams its view once and ends, for its seat and for a spectator, and the next stream opens again', async () => {
  const deck = cyberNetCards.sampleDecks()[0]!.deck
  const created = await srv.app.inject({ method: 'POST', url: '/api/matches', payload: { game: 'cyber-net-cards', seats: [{ deck, name: 'Ann' }, { open: true }] } })
  const { match, seats } = created.json()
  for (const token of [seats[0].token, undefined, seats[0].token]) {
    const { status, lines } = await streamLines(match.id, token)
    expect(status).toBe(200)
    expect(lines.map((l) => [l.status, l.version])).toEqual([['WAITING', 0]])
  }
})

test('an ABORTED match streams its view once and ends', async () => {
  const deck = cyberNetCards.sampleDecks()[0]!.deck
  const created = await srv.app.inject({ method: 'POST', url: '/api/matches', payload: { game: 'cyber-net-cards', seats: [{ deck }, { deck }] } })
  const { match, seats } = created.json()
  const aborted = await srv.app.inject({ method: 'POST', url: `/api/matches/${match.id}/abort`, headers: { authorization: `Bearer ${seats[0].token}` }, payload: {} })
  expect(aborted.statusCode).toBe(200)
  const { status, lines } = await streamLines(match.id)
  expect(status).toBe(200)
  expect(lines.map((l) => l.status)).toEqual(['ABORTED'])
})
