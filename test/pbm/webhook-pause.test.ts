// Issue 26, finding 2: a webhook target that keeps failing is paused (its deliveries held, its player told on the
// stream and subscription) and resumed by setWebhook, which sends what was held; a success in between resets the count.
import { createClient } from 'graphql-ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { DEFAULT_JOB_SETTINGS } from '../../src/service/index.ts'
import { gql, RACE_DECK, startListeningServer, type ListeningServer } from '../support/server.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts'
import { waitFor } from '../support/wait-for.ts'

const PAUSE_AFTER = 2
let srv: ListeningServer
let receiver: WebhookReceiver

beforeAll(async () => {
  // One attempt per delivery, so that each failed delivery counts at once (in production: 8 attempts over about 2
  // minutes).
  srv = await startListeningServer({
    webhooks: { hosts: null, allowPrivate: true },
    jobSettings: {
      ...DEFAULT_JOB_SETTINGS,
      webhookPauseAfter: PAUSE_AFTER,
      webhookAttempts: 1,
      webhookTimeoutMs: 2_000,
    },
  })
  receiver = await startWebhookReceiver()
})
afterAll(async () => {
  await srv.close()
  await receiver.close()
})

const until = <T>(what: string, check: () => T | Promise<T>, ms = 15_000) => waitFor(what, check, ms, 25)

/** An anonymous creator invites `playerId`: one `invited` event, so one delivery; returns that delivery's id. */
async function invite(playerId: string): Promise<string> {
  const res = await gql(
    srv.app,
    `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id } } }`,
    {
      input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { player: playerId }] },
    },
  )
  const matchId = res.data.createMatch.match.id
  const row = await srv.db.prisma.webhookDelivery.findFirstOrThrow({ where: { matchId, playerId } })
  return row.id
}

async function status(id: string): Promise<string> {
  return (await srv.db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id } })).status
}

/** The player's NDJSON event stream: the type of each line. */
function playerStream(key: string): { types: string[]; close(): void } {
  const stop = new AbortController()
  const types: string[] = []
  void (async () => {
    try {
      const res = await fetch(`${srv.base}/api/players/me/stream`, {
        headers: { authorization: `Bearer ${key}` },
        signal: stop.signal,
      })
      const reader = res.body!.getReader()
      const text = new TextDecoder()
      let buffered = ''
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        buffered += text.decode(value, { stream: true })
        const lines = buffered.split('\n')
        buffered = lines.pop()!
        for (const line of lines) if (line.trim()) types.push(JSON.parse(line).type)
      }
    } catch {
      // Aborted by close().
    }
  })()
  return { types, close: () => stop.abort() }
}

describe('a webhook that keeps failing is paused, and setWebhook resumes it', () => {
  it(`after ${PAUSE_AFTER} failed deliveries in a row (a success in between resets the count) its deliveries are held, its player is told, and setWebhook sends them`, async () => {
    const pat = (await gql(srv.app, `mutation { createPlayer(name: "Pat") { key player { id } } }`)).data.createPlayer
    const setWebhook = `mutation($u: String, $s: String) { setWebhook(url: $u, secret: $s) { webhookUrl webhookPaused } }`
    await gql(srv.app, setWebhook, { u: receiver.url, s: 'pat-webhook-secret' }, pat.key)
    const stream = playerStream(pat.key)
    const subscription: string[] = []
    const ws = createClient({
      url: `ws://127.0.0.1:${srv.port}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${pat.key}` },
      retryAttempts: 0,
    })
    ws.subscribe<{ playerEvents: { type: string } }>(
      { query: 'subscription { playerEvents { type } }' },
      { next: v => void subscription.push(v.data!.playerEvents.type), error: () => {}, complete: () => {} },
    )
    const pausedNow = async () =>
      (await gql(srv.app, `{ me { webhookPaused } }`, {}, pat.key)).data.me.webhookPaused as string | null

    // Both feeds are open once they hear an invitation (delivered ones: the count of failures stays 0).
    const feedsOpen = () => stream.types.includes('invited') && subscription.includes('invited')
    for (let i = 0; i < 10 && !feedsOpen(); i++) {
      const warmUp = await invite(pat.player.id)
      await until('a warm-up invitation to be delivered', async () => (await status(warmUp)) === 'delivered')
    }
    expect(feedsOpen()).toBe(true)
    receiver.status = 500
    const first = await invite(pat.player.id)
    await until('the first delivery to fail', async () => (await status(first)) === 'failed')
    receiver.status = 200
    const between = await invite(pat.player.id)
    await until('the delivery in between to arrive', async () => (await status(between)) === 'delivered')
    receiver.status = 500
    const second = await invite(pat.player.id)
    await until('the next delivery to fail', async () => (await status(second)) === 'failed')
    // Failed, delivered, failed: one failure in a row, not two.
    expect(await pausedNow()).toBeNull()

    const third = await invite(pat.player.id)
    await until(
      'the webhookPaused event on the stream and the subscription',
      () => stream.types.includes('webhookPaused') && subscription.includes('webhookPaused'),
    )
    expect(await status(third)).toBe('failed')
    const why = await pausedNow()
    expect(why).toMatch(
      new RegExp(`^paused after ${PAUSE_AFTER} failed deliveries in a row .*call setWebhook to resume`),
    )
    const rest = await srv.app.inject({
      method: 'GET',
      url: '/api/players/me',
      headers: { authorization: `Bearer ${pat.key}` },
    })
    expect(rest.json().webhookPaused).toBe(why)

    // Paused: a new delivery is held, never POSTed.
    const postedBefore = receiver.received.length
    const held = await invite(pat.player.id)
    await until('the new delivery to be held', async () => (await status(held)) === 'paused')
    const heldRow = await srv.db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: held } })
    expect(heldRow.lastError).toMatch(/paused.*setWebhook resumes it/)
    expect(heldRow.attempts).toBe(0)
    expect(receiver.received.length).toBe(postedBefore)
    const listed = (await gql(srv.app, `{ webhookDeliveries { id status lastError } }`, {}, pat.key)).data
      .webhookDeliveries
    expect(listed.find((d: { id: string }) => d.id === held)).toMatchObject({
      status: 'paused',
      lastError: heldRow.lastError,
    })

    // setWebhook resumes: the pause is cleared and the held delivery arrives.
    receiver.status = 200
    const resumed = (await gql(srv.app, setWebhook, { u: receiver.url, s: 'pat-webhook-secret' }, pat.key)).data
      .setWebhook
    expect(resumed.webhookPaused).toBeNull()
    await until('the held delivery to arrive', () => receiver.received.some(r => r.delivery === held))
    await until('the held delivery to be delivered', async () => (await status(held)) === 'delivered')
    // The pause event went to the player's feeds only, never to the webhook.
    expect(receiver.received.some(r => JSON.parse(r.body).type === 'webhookPaused')).toBe(false)
    expect(await pausedNow()).toBeNull()
    stream.close()
    await ws.dispose()
  }, 60_000)
})
