// Issue 26, finding 7: webhooks may not target the server's own addresses nor the documentation ranges, and a
// delivery's lastError reads the same for a closed port, a silent one and an error status (no port-scan oracle).
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  isPublicAddress,
  refusedHost,
  refusedTarget,
  DEFAULT_WEBHOOK_POLICY,
} from '../../src/service/webhook-targets.ts'
import { closedPort } from '../support/scratch-postgres.ts'
import { gql, RACE_DECK, startTestServer, type TestServer } from '../support/server.ts'

// This machine's interfaces hold private addresses only, which are refused anyway: the server is given a public
// one (and a public IPv6 one) to show that its own addresses are refused as such.
vi.mock('node:os', async original => {
  const os = await original<typeof import('node:os')>()
  const own = [
    {
      address: '8.8.4.4',
      netmask: '255.255.255.0',
      family: 'IPv4',
      mac: '00:00:00:00:00:00',
      internal: false,
      cidr: '8.8.4.4/24',
    },
    {
      address: '2a00:1450:4001::99',
      netmask: 'ffff:ffff:ffff:ffff::',
      family: 'IPv6',
      mac: '00:00:00:00:00:00',
      internal: false,
      cidr: '2a00:1450:4001::99/64',
      scopeid: 0,
    },
  ]
  return { ...os, networkInterfaces: () => ({ ...os.networkInterfaces(), eth9: own }) }
})

describe('webhook targets: the server itself and the documentation ranges', () => {
  it("the server's own addresses and 192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24, 2001:db8::/32 are not public", () => {
    for (const a of [
      '8.8.4.4',
      '::ffff:8.8.4.4',
      '2a00:1450:4001::99',
      '192.0.2.1',
      '198.51.100.7',
      '203.0.113.5',
      '2001:db8::1',
      '2001:db8:ffff::2',
      '::ffff:203.0.113.5',
    ]) {
      expect(isPublicAddress(a), a).toBe(false)
    }
    for (const a of ['8.8.8.8', '192.0.3.1', '203.0.114.1', '2001:db9::1']) expect(isPublicAddress(a), a).toBe(true)
  })

  it('refused at setWebhook in any spelling of the IP (decimal, hex, mapped IPv6)', async () => {
    for (const url of [
      'http://8.8.4.4/hook',
      'http://134743044/hook',
      'http://0x8.0x8.0x4.0x4/hook',
      'http://[::ffff:8.8.4.4]/hook',
      'http://3405803781/hook',
      'http://0xcb.0.0x71.5/hook',
      'http://[2001:db8::5]:8080/hook',
      'http://198.51.100.20/',
    ]) {
      expect(refusedHost(DEFAULT_WEBHOOK_POLICY, url), url).toMatch(/not a public address/)
      expect(await refusedTarget(DEFAULT_WEBHOOK_POLICY, url), url).toMatch(/not a public address/)
    }
  })

  it('the refusal names no address a name resolved to', async () => {
    const why = await refusedTarget(DEFAULT_WEBHOOK_POLICY, 'http://localhost:9/hook')
    expect(why).toMatch(/^localhost resolves to an address that is not a public address/)
    expect(why).not.toMatch(/127\.0\.0\.1|::1/)
  })
})

describe('lastError is no port-scan oracle', () => {
  let srv: TestServer
  let failing: Server
  let silent: Server
  let failingUrl = ''
  let silentUrl = ''
  beforeAll(async () => {
    // Loopback targets stand in for a scanned host's ports: allowed here so that the attempts are made.
    srv = await startTestServer({ webhooks: { hosts: null, allowPrivate: true } })
    failing = createServer((req, res) => req.resume().on('end', () => res.writeHead(500).end('no')))
    silent = createServer(() => {})
    for (const s of [failing, silent]) await new Promise<void>(r => s.listen(0, '127.0.0.1', r))
    failingUrl = `http://127.0.0.1:${(failing.address() as { port: number }).port}/hook`
    silentUrl = `http://127.0.0.1:${(silent.address() as { port: number }).port}/hook`
  })
  afterAll(async () => {
    await srv.close()
    silent.closeAllConnections()
    for (const s of [failing, silent]) await new Promise(r => s.close(r))
  })

  it('a closed port, an error status and a target that never answers leave the same lastError, with no error code or status in it', async () => {
    const closed = `http://127.0.0.1:${await closedPort()}/hook`
    const errors: string[] = []
    for (const url of [closed, failingUrl, silentUrl]) {
      const p = (await gql(srv.app, `mutation { createPlayer(name: "Scan") { key player { id } } }`)).data.createPlayer
      expect(
        (
          await gql(
            srv.app,
            `mutation($u: String, $s: String) { setWebhook(url: $u, secret: $s) { webhookUrl } }`,
            { u: url, s: 'scan-secret' },
            p.key,
          )
        ).errors,
      ).toBeUndefined()
      await gql(srv.app, `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id } } }`, {
        input: { game: 'race-to-20', seats: [{ deck: RACE_DECK }, { player: p.player.id }] },
      })
      const until = Date.now() + 30_000
      let last: string | null = null
      while (last === null && Date.now() < until) {
        last =
          (await gql(srv.app, `{ webhookDeliveries(limit: 1) { lastError } }`, {}, p.key)).data.webhookDeliveries[0]
            ?.lastError ?? null
        if (last === null) await new Promise(r => setTimeout(r, 100))
      }
      expect(last, url).not.toBeNull()
      errors.push(last!)
    }
    expect(new Set(errors).size).toBe(1)
    expect(errors[0]).toMatch(/^not delivered: /)
    expect(errors[0]).not.toMatch(/ECONN|HTTP|500|refused|timeout/i)
  }, 60_000)
})
