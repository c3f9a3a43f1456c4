// GET /api/matches/{id}/stream of a match that is not ACTIVE: a waiting match's stream hears it start; one that is over
// sends one line and ends (not a 500).
import { afterAll, beforeAll, expect, test } from 'vitest'
import { cyberNetCards } from '../../src/games/cyber-net-cards/index.ts'
import { startListeningServer, type ListeningServer } from '../support/server.ts'

let srv: ListeningServer
beforeAll(async () => {
  srv = await startListeningServer({ games: [cyberNetCards] })
})
afterAll(async () => srv?.close())

async function streamLines(id: string, token?: string): Promise<{ status: number; lines: any[] }> {
  const res = await fetch(`${srv.base}/api/matches/${id}/stream`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  const text = await res.text()
  return {
    status: res.status,
    lines: text
      .split('\n')
      .filter(Boolean)
      .map(l => JSON.parse(l)),
  }
}

/** The first `n` lines of a stream that stays open, then the stream is closed by the client. */
async function firstLines(
  url: string,
  n: number,
  token: string | undefined,
  whileOpen: () => Promise<void>,
): Promise<any[]> {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} })
  expect(res.status).toBe(200)
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  let text = ''
  const lines = () => text.split('\n').filter(Boolean)
  while (lines().length < 1) text += decoder.decode((await reader.read()).value ?? new Uint8Array(), { stream: true })
  await whileOpen()
  while (lines().length < n) {
    const chunk = await reader.read()
    if (chunk.done) break
    text += decoder.decode(chunk.value, { stream: true })
  }
  await reader.cancel()
  return lines().map(l => JSON.parse(l))
}

test("a WAITING match streams its view and stays open: when the last seat joins, one more line says it started, with the seat's choices", async () => {
  const deck = cyberNetCards.sampleDecks()[0]!.deck
  const created = await srv.app.inject({
    method: 'POST',
    url: '/api/matches',
    payload: { game: 'cyber-net-cards', seats: [{ deck, name: 'Ann' }, { open: true }] },
  })
  const { match, seats, invites } = created.json()
  const lines = await firstLines(`${srv.base}/api/matches/${match.id}/stream`, 2, seats[0].token, async () => {
    const joined = await srv.app.inject({
      method: 'POST',
      url: `/api/matches/${match.id}/join`,
      payload: { inviteCode: invites[0].code, deck },
    })
    expect(joined.statusCode).toBe(200)
  })
  expect(lines.map(l => [l.status, l.version])).toEqual([
    ['WAITING', 0],
    ['ACTIVE', 0],
  ])
  expect(lines[1].seat).toBe(0)
  const legal = await srv.app.inject({
    method: 'GET',
    url: `/api/matches/${match.id}/legal-actions`,
    headers: { authorization: `Bearer ${seats[0].token}` },
  })
  expect(lines[1].legalActions).toEqual(legal.json())
})

test("?seat= picks which of a player key's seats the stream shows; a seat the key does not hold is refused", async () => {
  const deck = cyberNetCards.sampleDecks()[0]!.deck
  const player = (await srv.app.inject({ method: 'POST', url: '/api/players', payload: { name: 'Both' } })).json()
  // The player's own key fills both of its seats (with another bearer they would be invitations).
  const created = await srv.app.inject({
    method: 'POST',
    url: '/api/matches',
    headers: { authorization: `Bearer ${player.key}` },
    payload: {
      game: 'cyber-net-cards',
      seats: [
        { deck, player: player.player.id },
        { deck, player: player.player.id },
      ],
    },
  })
  expect(created.statusCode).toBe(201)
  const { match } = created.json()
  expect(match.status).toBe('ACTIVE')
  for (const seat of [0, 1]) {
    const lines = await firstLines(
      `${srv.base}/api/matches/${match.id}/stream?seat=${seat}`,
      1,
      player.key,
      async () => {},
    )
    expect(lines[0].seat).toBe(seat)
  }
  for (const bad of ['abc', '-1', '99']) {
    const res = await srv.app.inject({
      method: 'GET',
      url: `/api/matches/${match.id}/stream?seat=${bad}`,
      headers: { authorization: `Bearer ${player.key}` },
    })
    expect(res.statusCode, bad).toBe(400)
    expect(res.json().code, bad).toBe('BAD_USER_INPUT')
  }
  const other = (await srv.app.inject({ method: 'POST', url: '/api/players', payload: { name: 'Other' } })).json()
  const refused = await fetch(`${srv.base}/api/matches/${match.id}/stream?seat=1`, {
    headers: { authorization: `Bearer ${other.key}` },
  })
  expect(refused.status).toBe(401)
  expect((await refused.json()).code).toBe('UNAUTHENTICATED')
})

test('an ABORTED match streams its view once and ends', async () => {
  const deck = cyberNetCards.sampleDecks()[0]!.deck
  const created = await srv.app.inject({
    method: 'POST',
    url: '/api/matches',
    payload: { game: 'cyber-net-cards', seats: [{ deck }, { deck }] },
  })
  const { match, seats } = created.json()
  const aborted = await srv.app.inject({
    method: 'POST',
    url: `/api/matches/${match.id}/abort`,
    headers: { authorization: `Bearer ${seats[0].token}` },
    payload: {},
  })
  expect(aborted.statusCode).toBe(200)
  const { status, lines } = await streamLines(match.id)
  expect(status).toBe(200)
  expect(lines.map(l => l.status)).toEqual(['ABORTED'])
})
