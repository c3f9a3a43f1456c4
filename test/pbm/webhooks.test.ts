// Webhooks: every PlayerEvent POSTed, signed, retried with backoff, every attempt counted.
import { createHmac } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gql, RACE_DECK, startTestServer, type TestServer } from '../support/server.ts'

let srv: TestServer
let receiver: Server
let base = ''
const received: { body: string; signature: string; delivery: string }[] = []
let failuresLeft = 2

beforeAll(async () => {
  // The receiver is on loopback, which the default policy refuses (see webhook-targets.test.ts).
  srv = await startTestServer({ webhooks: { hosts: null, allowPrivate: true } })
  receiver = createServer((req, res) => {
    let body = ''
    req.on('data', c => (body += c))
    req.on('end', () => {
      received.push({
        body,
        signature: String(req.headers['x-arbiter-signature']),
        delivery: String(req.headers['x-arbiter-delivery']),
      })
      res.statusCode = failuresLeft-- > 0 ? 500 : 200
      res.end()
    })
  })
  await new Promise<void>(r => receiver.listen(0, '127.0.0.1', r))
  const addr = receiver.address()
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`
})
afterAll(async () => {
  await srv.close()
  await new Promise(r => receiver.close(r))
})

describe('webhooks', () => {
  it('a receiver that fails its first two deliveries gets the event on the third attempt, with a valid signature', async () => {
    const bob = (await gql(srv.app, `mutation { createPlayer(name: "Bob") { key player { id } } }`)).data.createPlayer
    const secret = 'bob-webhook-secret'
    const set = await gql(
      srv.app,
      `mutation($u: String, $s: String) { setWebhook(url: $u, secret: $s) { webhookUrl } }`,
      { u: `${base}/hook`, s: secret },
      bob.key,
    )
    expect(set.data.setWebhook.webhookUrl).toBe(`${base}/hook`)
    const noSecret = await gql(
      srv.app,
      `mutation($u: String) { setWebhook(url: $u) { webhookUrl } }`,
      { u: `${base}/hook` },
      bob.key,
    )
    expect(noSecret.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT')

    const created = await gql(
      srv.app,
      `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id } } }`,
      { input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { player: bob.player.id }] } },
    )
    const matchId = created.data.createMatch.match.id
    const deadline = Date.now() + 60_000
    let deliveries: any[] = []
    while (Date.now() < deadline) {
      deliveries = (
        await gql(
          srv.app,
          `{ webhookDeliveries(limit: 10) { id type matchId status attempts lastError } }`,
          {},
          bob.key,
        )
      ).data.webhookDeliveries
      if (deliveries[0]?.status === 'delivered') break
      await new Promise(r => setTimeout(r, 200))
    }
    expect(deliveries).toHaveLength(1)
    expect(deliveries[0]).toMatchObject({ type: 'invited', matchId, status: 'delivered', attempts: 3, lastError: null })
    expect(received).toHaveLength(3)
    for (const r of received) {
      expect(r.delivery).toBe(deliveries[0].id)
      expect(r.signature).toBe(`sha256=${createHmac('sha256', secret).update(r.body).digest('hex')}`)
    }
    const event = JSON.parse(received[2]!.body)
    expect(event).toMatchObject({ type: 'invited', matchId, match: { id: matchId, status: 'WAITING' } })
    // A delivered event is never sent again, even if its job runs once more.
    await srv.app.services.background!.deliver(deliveries[0].id)
    expect(received).toHaveLength(3)
  })

  it('after an action, the player whose turn it became gets a yourTurn delivery (written by the commit itself)', async () => {
    const carol = (await gql(srv.app, `mutation { createPlayer(name: "Carol") { key player { id } } }`)).data
      .createPlayer
    await gql(
      srv.app,
      `mutation($u: String, $s: String) { setWebhook(url: $u, secret: $s) { webhookUrl } }`,
      { u: `${base}/carol`, s: 'carol-secret' },
      carol.key,
    )
    const created = await gql(
      srv.app,
      `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id toAct } seats { seat token } } }`,
      { input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { player: carol.player.id, deck: RACE_DECK }] } },
      carol.key,
    )
    const { match, seats } = created.data.createMatch
    expect(match.toAct).toEqual([0])
    const moved = await gql(
      srv.app,
      `mutation($input: SubmitActionInput!) { submitAction(input: $input) { match { toAct } } }`,
      { input: { matchId: match.id, action: { type: 'roll' } } },
      seats[0].token,
    )
    expect(moved.data.submitAction.match.toAct).toEqual([1])
    const types = (
      (await gql(srv.app, `{ webhookDeliveries(limit: 10) { type matchId } }`, {}, carol.key)).data
        .webhookDeliveries as { type: string; matchId: string }[]
    )
      .filter(d => d.matchId === match.id)
      .map(d => d.type)
    expect(types).toContain('yourTurn')
  })
})
