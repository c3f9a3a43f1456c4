// Issue 27, point 6: chat per match. Stored and delivered (match stream line, player event), text checked (nothing
// stored when refused), rate limited per player, mutes, the spectators' room, and the operator's delete (logged).
import { createClient } from 'graphql-ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { chatTopic, inProcessBus } from '../../src/api/updates.ts'
import { gql, RACE_DECK, startListeningServer, type ListeningServer } from '../support/server.ts'

const ADMIN_KEY = 'operator-key-of-the-chat-test-0123456789'
const PER_MINUTE = 4
let srv: ListeningServer
// The server's bus, watched so that a test knows when a subscription listens (topic -> who waits for it).
const bus = inProcessBus()
const listening = new Map<string, () => void>()
const on = bus.on.bind(bus)
bus.on = ((topic: string, listener: never, done?: never) => {
  const r = on(topic, listener, done)
  listening.get(topic)?.()
  return r
}) as typeof bus.on
const listened = (topic: string) => new Promise<void>(resolve => listening.set(topic, resolve))
beforeAll(async () => {
  process.env.CHAT_MESSAGES_PER_MINUTE = String(PER_MINUTE)
  srv = await startListeningServer({ adminKey: ADMIN_KEY, bus })
})
afterAll(async () => {
  delete process.env.CHAT_MESSAGES_PER_MINUTE
  await srv.close()
})

const CREATE = `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id } } }`
const JOIN = `mutation($input: JoinMatchInput!) { joinMatch(input: $input) { match { status } seat { token } } }`
type Who = { id: string; key: string }

async function player(name: string): Promise<Who> {
  const p = (await gql(srv.app, `mutation($n: String!) { createPlayer(name: $n) { key player { id } } }`, { n: name }))
    .data.createPlayer
  return { id: p.player.id, key: p.key }
}

/** An ACTIVE match of `x` (seat 0) and `y` (seat 1). */
async function match(x: Who, y: Who, extra: Record<string, unknown> = {}): Promise<string> {
  const id = (
    await gql(
      srv.app,
      CREATE,
      { input: { game: 'race-to-20', seats: [{ player: x.id }, { player: y.id }], ...extra } },
      x.key,
    )
  ).data.createMatch.match.id
  await gql(srv.app, JOIN, { input: { matchId: id, deck: RACE_DECK } }, x.key)
  expect(
    (await gql(srv.app, JOIN, { input: { matchId: id, deck: RACE_DECK } }, y.key)).data.joinMatch.match.status,
  ).toBe('ACTIVE')
  return id
}

async function rest(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${srv.base}/api${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  })
  return { status: res.status, body: await res.json() }
}

/** An open NDJSON stream: `until` resolves with the first line after those already read that satisfies `ok`. */
async function ndjson(path: string, token: string) {
  const ctl = new AbortController()
  const res = await fetch(`${srv.base}/api${path}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: ctl.signal,
  })
  expect(res.status).toBe(200)
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  let text = ''
  const seen: any[] = []
  return {
    seen,
    async until(ok: (line: any) => boolean): Promise<any> {
      for (;;) {
        const i = text.indexOf('\n')
        if (i >= 0) {
          const raw = text.slice(0, i).trim()
          text = text.slice(i + 1)
          if (!raw) continue
          const line = JSON.parse(raw)
          seen.push(line)
          if (ok(line)) return line
          continue
        }
        const r = await reader.read()
        if (r.done) throw new Error('the stream ended')
        text += decoder.decode(r.value, { stream: true })
      }
    },
    close: () => ctl.abort(),
  }
}

const chatOf = async (id: string, token?: string, q = '') => (await rest('GET', `/matches/${id}/chat${q}`, token)).body

describe('chat', () => {
  it('delivers a seat message on the other seat’s match stream and as its player event chat, and keeps it', async () => {
    const [ann, bob] = [await player('Ann'), await player('Bob')]
    const id = await match(ann, bob)
    const events = await ndjson('/players/me/stream', bob.key)
    const synced = await events.until(l => l.type === 'synced')
    const stream = await ndjson(`/matches/${id}/stream`, bob.key)
    await stream.until(l => l.id === id)
    const sent = await rest('POST', `/matches/${id}/chat`, ann.key, { text: '  good luck\n\thave fun  ' })
    expect(sent.status).toBe(200)
    expect(sent.body).toMatchObject({
      matchId: id,
      room: 'PLAYERS',
      seat: 0,
      playerId: ann.id,
      text: 'good luck\n\thave fun',
    })
    expect(await stream.until(l => l.type === 'chat')).toEqual({ type: 'chat', chat: sent.body })
    const event = await events.until(l => l.type === 'chat')
    expect(event).toMatchObject({ type: 'chat', matchId: id, seq: synced.seq + 1, pending: false, chat: sent.body })
    stream.close()
    events.close()
    expect(await chatOf(id, bob.key)).toEqual([sent.body])
    // GraphQL reads the same, with the writer as a Player; the PLAYERS room is the seats' only.
    const q = await gql(
      srv.app,
      `query($id: ID!) { match(id: $id) { chat { id text seat player { id } } } }`,
      { id },
      bob.key,
    )
    expect(q.data.match.chat).toEqual([
      { id: sent.body.id, text: 'good luck\n\thave fun', seat: 0, player: { id: ann.id } },
    ])
    expect(await chatOf(id)).toEqual([])
    const outsider = await player('Eve')
    expect((await rest('POST', `/matches/${id}/chat`, outsider.key, { text: 'hi' })).body.code).toBe('UNAUTHENTICATED')
  })

  it('delivers on chatPosted to the room’s readers, and refuses it to anyone else', async () => {
    const [ann, bob, eve] = [await player('Ann'), await player('Bob'), await player('Eve')]
    const id = await match(ann, bob)
    const client = (key: string) =>
      createClient({
        url: `ws://127.0.0.1:${srv.port}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${key}` },
      })
    const [bobs, eves] = [client(bob.key), client(eve.key)]
    const refused = new Promise<any>(resolve =>
      eves.subscribe(
        { query: `subscription($id: ID!) { chatPosted(matchId: $id) { id } }`, variables: { id } },
        { next: resolve, error: resolve, complete: () => {} },
      ),
    )
    expect(JSON.stringify(await refused)).toContain('UNAUTHENTICATED')
    const ready = listened(chatTopic(id))
    const got = new Promise<any>((resolve, reject) =>
      bobs.subscribe(
        {
          query: `subscription($id: ID!) { chatPosted(matchId: $id) { id room seat text player { id } } }`,
          variables: { id },
        },
        { next: (m: any) => resolve(m.data?.chatPosted ?? m), error: reject, complete: () => {} },
      ),
    )
    await ready
    const sent = (await rest('POST', `/matches/${id}/chat`, ann.key, { text: 'over the socket' })).body
    expect(await got).toEqual({
      id: sent.id,
      room: 'PLAYERS',
      seat: 0,
      text: 'over the socket',
      player: { id: ann.id },
    })
    await bobs.dispose()
    await eves.dispose()
  })

  it('refuses bad text with BAD_USER_INPUT and stores nothing', async () => {
    const [ann, bob] = [await player('Ann'), await player('Bob')]
    const id = await match(ann, bob)
    for (const text of [
      '',
      '   \n\t ',
      'x'.repeat(501),
      'bell\u0007',
      'carriage\rreturn',
      'escape\u001b[31m',
      'c1\u0085',
      42,
    ]) {
      const r = await rest('POST', `/matches/${id}/chat`, ann.key, { text })
      expect([r.status, r.body.code]).toEqual([400, 'BAD_USER_INPUT'])
    }
    const g = await gql(
      srv.app,
      `mutation($id: ID!) { sendChat(matchId: $id, text: "a\\u0000b") { id } }`,
      { id },
      ann.key,
    )
    expect(g.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')
    expect(await chatOf(id, ann.key)).toEqual([])
    expect(
      (await srv.db.sql.query(`SELECT 1 FROM "PlayerEvent" WHERE "matchId" = $1 AND type = 'chat'`, [id])).length,
    ).toBe(0)
    // 500 characters after trimming is the limit, not over it.
    expect((await rest('POST', `/matches/${id}/chat`, ann.key, { text: ` ${'y'.repeat(500)} ` })).status).toBe(200)
  })

  it(`allows CHAT_MESSAGES_PER_MINUTE (${PER_MINUTE}) messages a minute per player, then RATE_LIMITED with nothing stored`, async () => {
    const [ann, bob] = [await player('Ann'), await player('Bob')]
    const id = await match(ann, bob)
    for (let i = 0; i < PER_MINUTE; i++)
      expect((await rest('POST', `/matches/${id}/chat`, ann.key, { text: `m${i}` })).status).toBe(200)
    const over = await rest('POST', `/matches/${id}/chat`, ann.key, { text: 'one too many' })
    expect([over.status, over.body.code]).toEqual([429, 'RATE_LIMITED'])
    // Counted per player: another match of the same player is limited too; the other player is not.
    const other = await match(ann, bob)
    expect((await rest('POST', `/matches/${other}/chat`, ann.key, { text: 'elsewhere' })).body.code).toBe(
      'RATE_LIMITED',
    )
    expect((await rest('POST', `/matches/${id}/chat`, bob.key, { text: 'my turn to talk' })).status).toBe(200)
    expect((await chatOf(id, bob.key)).map((m: any) => m.text)).toEqual(['m0', 'm1', 'm2', 'm3', 'my turn to talk'])
  })

  it('never lets concurrent posts pass the limit together', async () => {
    const [ann, bob] = [await player('Ann'), await player('Bob')]
    const id = await match(ann, bob)
    const answers = await Promise.all(
      Array.from({ length: PER_MINUTE + 4 }, (_, i) =>
        rest('POST', `/matches/${id}/chat`, ann.key, { text: `burst ${i}` }),
      ),
    )
    expect(answers.filter(r => r.status === 200).length).toBe(PER_MINUTE)
    expect(answers.filter(r => r.status === 429).length).toBe(4)
    expect((await chatOf(id, bob.key)).length).toBe(PER_MINUTE)
  })

  it('mutes: the muted player’s messages reach the caller nowhere until unmuted', async () => {
    const [ann, bob] = [await player('Ann'), await player('Bob')]
    const id = await match(ann, bob)
    expect((await rest('POST', `/players/${ann.id}/mute`, bob.key, {})).body).toBe(true)
    const stream = await ndjson(`/matches/${id}/stream`, bob.key)
    await stream.until(l => l.id === id)
    await rest('POST', `/matches/${id}/chat`, ann.key, { text: 'you will not see this' })
    const own = await rest('POST', `/matches/${id}/chat`, bob.key, { text: 'hello?' })
    // Bob's own message comes after Ann's on the bus: had Ann's been delivered, it would be the line before.
    expect(await stream.until(l => l.type === 'chat')).toEqual({ type: 'chat', chat: own.body })
    stream.close()
    expect((await chatOf(id, bob.key)).map((m: any) => m.text)).toEqual(['hello?'])
    expect((await chatOf(id, ann.key)).map((m: any) => m.text)).toEqual(['you will not see this', 'hello?'])
    expect(
      (
        await srv.db.sql.query(
          `SELECT 1 FROM "PlayerEvent" WHERE "matchId" = $1 AND type = 'chat' AND "playerId" = $2`,
          [id, bob.id],
        )
      ).length,
    ).toBe(0)
    expect(
      (await gql(srv.app, `mutation($p: ID!) { mutePlayer(playerId: $p, muted: false) }`, { p: ann.id }, bob.key)).data
        .mutePlayer,
    ).toBe(true)
    expect((await chatOf(id, bob.key)).map((m: any) => m.text)).toEqual(['you will not see this', 'hello?'])
    expect((await rest('POST', `/players/${bob.id}/mute`, bob.key, {})).body.code).toBe('BAD_USER_INPUT')
    expect((await rest('POST', `/players/${crypto.randomUUID()}/mute`, bob.key, {})).body.code).toBe('NOT_FOUND')
  })

  it('has a spectators’ room only when the match was created with spectatorChat', async () => {
    const [ann, bob, eve] = [await player('Ann'), await player('Bob'), await player('Eve')]
    const closed = await match(ann, bob)
    const refused = await rest('POST', `/matches/${closed}/chat`, eve.key, { text: 'hi', room: 'SPECTATORS' })
    expect([refused.status, refused.body.code]).toEqual([422, 'ILLEGAL_ACTION'])
    const open = await match(ann, bob, { spectatorChat: true })
    const sent = await rest('POST', `/matches/${open}/chat`, eve.key, { text: 'nice move', room: 'SPECTATORS' })
    expect(sent.body).toMatchObject({ room: 'SPECTATORS', seat: null, playerId: eve.id, text: 'nice move' })
    expect(await chatOf(open, undefined, '?room=SPECTATORS')).toEqual([sent.body])
    expect(await chatOf(open, ann.key)).toEqual([])
  })

  it('lets the operator delete a message for everyone, logged', async () => {
    const [ann, bob] = [await player('Ann'), await player('Bob')]
    const id = await match(ann, bob)
    const sent = (await rest('POST', `/matches/${id}/chat`, ann.key, { text: 'something rude' })).body
    expect((await rest('DELETE', `/admin/chat/${sent.id}`, ann.key)).body.code).toBe('UNAUTHENTICATED')
    expect((await rest('DELETE', `/admin/chat/${sent.id}`, ADMIN_KEY)).body).toBe(true)
    expect(await chatOf(id, bob.key)).toEqual([])
    const kept = await srv.db.sql.query<{ event: any }>(
      `SELECT event FROM "PlayerEvent" WHERE "matchId" = $1 AND type = 'chat'`,
      [id],
    )
    expect(kept.length).toBe(1)
    expect(kept[0]!.event.chat).toBeUndefined()
    expect((await rest('DELETE', `/admin/chat/${sent.id}`, ADMIN_KEY)).body.code).toBe('NOT_FOUND')
    const log = await gql(srv.app, `{ adminLog(first: 5) { action targetId by } }`, {}, ADMIN_KEY)
    expect(log.data.adminLog[0]).toEqual({ action: 'deleteChatMessage', targetId: sent.id, by: 'admin' })
  })
})
