// Webhook targets: no server-side request forgery by default (private addresses refused), an operator's host list.
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postWebhook, WebhookRefused } from '../../src/service/webhook-post.ts'
import {
  isPublicAddress,
  refusedHost,
  refusedTarget,
  webhookPolicyFromEnv,
  DEFAULT_WEBHOOK_POLICY,
} from '../../src/service/webhook-targets.ts'
import { gql, RACE_DECK, startTestServer, type TestServer } from '../support/server.ts'

describe('webhook target policy', () => {
  it('loopback, private, link-local (cloud metadata) and mapped addresses are not public; others are', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isPublicAddress(a), a).toBe(false)
    }
    for (const a of ['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888', '::ffff:8.8.8.8'])
      expect(isPublicAddress(a), a).toBe(true)
    expect(isPublicAddress('not-an-ip')).toBe(false)
  })

  it('WEBHOOK_HOSTS allows listed names and *.suffixes only; WEBHOOK_ALLOW_PRIVATE lifts the address check', async () => {
    const policy = webhookPolicyFromEnv({ WEBHOOK_HOSTS: 'hooks.example.com, *.bots.example.org' })
    expect(policy).toEqual({ hosts: ['hooks.example.com', '*.bots.example.org'], allowPrivate: false })
    expect(refusedHost(policy, 'https://hooks.example.com/x')).toBeNull()
    expect(refusedHost(policy, 'https://a.bots.example.org/x')).toBeNull()
    expect(refusedHost(policy, 'https://example.com/x')).toMatch(/not in this server's WEBHOOK_HOSTS/)
    expect(refusedHost(policy, 'https://evilbots.example.org/x')).toMatch(/WEBHOOK_HOSTS/)
    expect(webhookPolicyFromEnv({})).toEqual(DEFAULT_WEBHOOK_POLICY)
    const open = webhookPolicyFromEnv({ WEBHOOK_ALLOW_PRIVATE: 'true' })
    expect(await refusedTarget(open, 'http://127.0.0.1:9/')).toBeNull()
  })

  it('a name that resolves to a private address is refused at delivery time', async () => {
    expect(refusedHost(DEFAULT_WEBHOOK_POLICY, 'http://localhost:9/hook')).toBeNull()
    expect(await refusedTarget(DEFAULT_WEBHOOK_POLICY, 'http://localhost:9/hook')).toMatch(
      /localhost resolves to .*not a public address/,
    )
    expect(await refusedTarget(DEFAULT_WEBHOOK_POLICY, 'http://[::1]:9/hook')).toMatch(/not a public address/)
  })
})

describe('the connection itself (DNS rebinding: a name checked as public may resolve inside when the POST connects)', () => {
  let receiver: Server
  let port = 0
  let hits = 0
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      hits++
      req.resume()
      req.on('end', () => res.writeHead(204).end())
    })
    await new Promise<void>(r => receiver.listen(0, '127.0.0.1', r))
    port = (receiver.address() as { port: number }).port
  })
  afterAll(() => new Promise<void>(r => receiver.close(() => r())))

  it('a POST to a name that resolves to loopback is refused as it connects, with no check before it, and nothing reaches the target', async () => {
    const before = hits
    const sent = postWebhook(
      `http://localhost:${port}/hook`,
      { 'content-type': 'application/json' },
      '{}',
      DEFAULT_WEBHOOK_POLICY,
      2_000,
    )
    await expect(sent).rejects.toBeInstanceOf(WebhookRefused)
    await expect(sent).rejects.toThrow(/localhost resolves to .*not a public address/)
    expect(hits).toBe(before)
  })

  it('with WEBHOOK_ALLOW_PRIVATE the same POST goes through and answers its status', async () => {
    const before = hits
    const open = webhookPolicyFromEnv({ WEBHOOK_ALLOW_PRIVATE: '1' })
    expect(
      await postWebhook(
        `http://localhost:${port}/hook`,
        { 'content-type': 'application/json' },
        '{"a":1}',
        open,
        2_000,
      ),
    ).toBe(204)
    expect(hits).toBe(before + 1)
  })
})

describe('webhook targets over the API (default policy)', () => {
  let srv: TestServer
  let receiver: Server
  let port = 0
  let hits = 0
  beforeAll(async () => {
    srv = await startTestServer()
    receiver = createServer((_req, res) => {
      hits++
      res.end()
    })
    await new Promise<void>(r => receiver.listen(0, '127.0.0.1', r))
    const addr = receiver.address()
    port = typeof addr === 'object' && addr ? addr.port : 0
  })
  afterAll(async () => {
    await srv.close()
    await new Promise(r => receiver.close(r))
  })

  it('setWebhook to a loopback address is BAD_USER_INPUT (reason WEBHOOK_TARGET_REFUSED) and changes nothing', async () => {
    const p = (await gql(srv.app, `mutation { createPlayer(name: "Eve") { key } }`)).data.createPlayer
    const r = await gql(
      srv.app,
      `mutation($u: String, $s: String) { setWebhook(url: $u, secret: $s) { webhookUrl } }`,
      { u: `http://127.0.0.1:${port}/hook`, s: 'eve-secret-123' },
      p.key,
    )
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'WEBHOOK_TARGET_REFUSED' })
    const me = await gql(srv.app, `{ me { webhookUrl } }`, {}, p.key)
    expect(me.data.me.webhookUrl).toBeNull()
  })

  it('a webhook whose name resolves to loopback is never called: its delivery fails at once, unsent', async () => {
    const p = (await gql(srv.app, `mutation { createPlayer(name: "Mallory") { key player { id } } }`)).data.createPlayer
    const set = await gql(
      srv.app,
      `mutation($u: String, $s: String) { setWebhook(url: $u, secret: $s) { webhookUrl } }`,
      { u: `http://localhost:${port}/hook`, s: 'mallory-secret' },
      p.key,
    )
    expect(set.errors).toBeUndefined()
    await gql(srv.app, `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id } } }`, {
      input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { player: p.player.id }] },
    })
    const until = Date.now() + 60_000
    let deliveries: any[] = []
    while (Date.now() < until) {
      deliveries = (await gql(srv.app, `{ webhookDeliveries(limit: 5) { status attempts lastError } }`, {}, p.key)).data
        .webhookDeliveries
      if (deliveries[0]?.status === 'failed') break
      await new Promise(r => setTimeout(r, 200))
    }
    expect(deliveries[0]).toMatchObject({ status: 'failed', attempts: 1 })
    expect(deliveries[0].lastError).toMatch(/^refused: localhost resolves to/)
    expect(hits).toBe(0)
  })
})
