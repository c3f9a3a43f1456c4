// Issue 27, point 6 across processes: a message posted on one server reaches the match stream opened on another
// (over the Redis bus) and the other seat's webhook (with its seq), and a muted writer's message reaches neither.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../support/db.ts'
import { REDIS_URL } from '../support/server-process.ts'
import { gql, RACE_DECK, startListeningServer, type ListeningServer } from '../support/server.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts'
import { waitFor } from '../support/wait-for.ts'

let a: ListeningServer
let b: ListeningServer
let hooks: WebhookReceiver
beforeAll(async () => {
  a = await startListeningServer({ webhooks: { hosts: null, allowPrivate: true }, redisUrl: REDIS_URL })
  b = await startListeningServer({
    db: process.env.DATABASE_URL ? await openTestDatabase() : a.db,
    redisUrl: REDIS_URL,
  })
  hooks = await startWebhookReceiver()
})
afterAll(async () => {
  await b.app.close()
  if (process.env.DATABASE_URL) await b.db.close()
  await a.close()
  await hooks.close()
})

type Who = { id: string; key: string }
async function player(name: string): Promise<Who> {
  const p = (await gql(a.app, `mutation($n: String!) { createPlayer(name: $n) { key player { id } } }`, { n: name }))
    .data.createPlayer
  return { id: p.player.id, key: p.key }
}

async function match(x: Who, y: Who): Promise<string> {
  const id = (
    await gql(
      a.app,
      `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id } } }`,
      { input: { game: 'race-to-20', seats: [{ player: x.id }, { player: y.id }] } },
      x.key,
    )
  ).data.createMatch.match.id
  const join = `mutation($input: JoinMatchInput!) { joinMatch(input: $input) { match { status } } }`
  await gql(a.app, join, { input: { matchId: id, deck: RACE_DECK } }, x.key)
  expect((await gql(a.app, join, { input: { matchId: id, deck: RACE_DECK } }, y.key)).data.joinMatch.match.status).toBe(
    'ACTIVE',
  )
  return id
}

const post = (srv: ListeningServer, id: string, key: string, text: string) =>
  fetch(`${srv.base}/api/matches/${id}/chat`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  }).then(r => r.json())

describe('chat across processes', () => {
  it('reaches the stream on the other server and the webhook; a muted writer reaches neither', async () => {
    const [ann, bob, cat] = [await player('Ann'), await player('Bob'), await player('Cat')]
    await gql(
      a.app,
      `mutation($u: String!) { setWebhook(url: $u, secret: "a secret of the chat test") { id } }`,
      { u: hooks.url },
      bob.key,
    )
    const id = await match(ann, bob)
    const muted = await match(cat, bob)
    expect(
      (await gql(a.app, `mutation($p: ID!) { mutePlayer(playerId: $p) }`, { p: cat.id }, bob.key)).data.mutePlayer,
    ).toBe(true)

    const ctl = new AbortController()
    const res = await fetch(`${b.base}/api/matches/${id}/stream`, {
      headers: { authorization: `Bearer ${bob.key}` },
      signal: ctl.signal,
    })
    const reader = res.body!.getReader()
    const decoder = new TextDecoder()
    let text = ''
    const nextLine = async (): Promise<any> => {
      for (;;) {
        const i = text.indexOf('\n')
        if (i >= 0) {
          const raw = text.slice(0, i).trim()
          text = text.slice(i + 1)
          if (raw) return JSON.parse(raw)
          continue
        }
        const r = await reader.read()
        if (r.done) throw new Error('the stream ended')
        text += decoder.decode(r.value, { stream: true })
      }
    }
    expect((await nextLine()).id).toBe(id)
    const ignored = await post(a, muted, cat.key, 'you muted me')
    const sent = await post(a, id, ann.key, 'hello from server A')
    expect(await nextLine()).toEqual({ type: 'chat', chat: sent })
    ctl.abort()

    const chats = () => hooks.received.map(h => JSON.parse(h.body)).filter(body => body.type === 'chat')
    // polled, not spun: a busy loop here starves the in-process server that delivers the webhook
    const [body] = await waitFor('the chat webhook', () => chats().length > 0 && chats(), 60_000, 50)
    expect(body).toMatchObject({ type: 'chat', pending: false, matchId: id, chat: sent, match: { id, seat: 1 } })
    const kept = await a.db.sql.query<{ seq: number; type: string; matchId: string }>(
      `SELECT seq, type, "matchId" FROM "PlayerEvent" WHERE "playerId" = $1 AND type = 'chat'`,
      [bob.id],
    )
    expect(kept).toEqual([{ seq: body.seq, type: 'chat', matchId: id }])
    expect(ignored.id).toBeTypeOf('string')
    expect(chats().some(c => c.chat?.id === ignored.id)).toBe(false)
  })
})
