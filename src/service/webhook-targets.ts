/** Which URLs webhooks may be sent to: an operator's host allow-list, and no private addresses unless allowed. */
import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'
import { networkInterfaces } from 'node:os'

export interface WebhookPolicy {
  /** WEBHOOK_HOSTS: host names (`hooks.example.com`) or suffixes (`*.example.com`); null allows any public host. */
  hosts: string[] | null
  /** WEBHOOK_ALLOW_PRIVATE: allow loopback, private, link-local and other non-public addresses. */
  allowPrivate: boolean
}

/**
 * The default refuses non-public addresses: a player's webhook must not make the server call its own
 * metrics, a database's HTTP port or a cloud metadata endpoint (server-side request forgery).
 */
export const DEFAULT_WEBHOOK_POLICY: WebhookPolicy = { hosts: null, allowPrivate: false }

export function webhookPolicyFromEnv(env: Record<string, string | undefined>): WebhookPolicy {
  const hosts = (env.WEBHOOK_HOSTS ?? '')
    .split(',')
    .map(h => h.trim().toLowerCase())
    .filter(Boolean)
  return {
    hosts: hosts.length ? hosts : null,
    allowPrivate: /^(1|true|on|yes)$/i.test(env.WEBHOOK_ALLOW_PRIVATE?.trim() ?? ''),
  }
}

const NON_PUBLIC = new BlockList()
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  // The documentation ranges (RFC 5737): never a real receiver, so never a target either.
  ['192.0.2.0', 24],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NON_PUBLIC.addSubnet(net, bits, 'ipv4')
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const) {
  NON_PUBLIC.addSubnet(net, bits, 'ipv6')
}

/**
 * The server's own addresses, read from its network interfaces each time (they may change while it runs): a
 * webhook to one would make the server call itself on a public address too.
 */
function ownAddresses(): BlockList {
  const own = new BlockList()
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) own.addAddress(a.address.replace(/%.*$/, ''), a.family === 'IPv6' ? 'ipv6' : 'ipv4')
  }
  return own
}

/**
 * A public address that is not one of the server's own: the only kind a webhook may go to (unless
 * WEBHOOK_ALLOW_PRIVATE).
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 0) return false
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
    if (mapped) return isPublicAddress(mapped[1]!)
    return !NON_PUBLIC.check(address, 'ipv6') && !ownAddresses().check(address, 'ipv6')
  }
  return !NON_PUBLIC.check(address, 'ipv4') && !ownAddresses().check(address, 'ipv4')
}

/** Why an address is refused, in words that name no address (a name's resolution is the owner's to check). */
export const NOT_PUBLIC = "not a public address (loopback, private, reserved, documentation or this server's own)"

function hostListed(hosts: string[], hostname: string): boolean {
  const h = hostname.toLowerCase()
  return hosts.some(entry => (entry.startsWith('*.') ? h.endsWith(entry.slice(1)) : h === entry))
}

/** Why `url`'s host is not an allowed target by name alone (checked when a webhook is set), or null. */
export function refusedHost(policy: WebhookPolicy, url: string): string | null {
  const hostname = new URL(url).hostname.replace(/^\[|\]$/g, '')
  if (policy.hosts && !hostListed(policy.hosts, hostname)) return `${hostname} is not in this server's WEBHOOK_HOSTS`
  if (!policy.allowPrivate && isIP(hostname) && !isPublicAddress(hostname)) return `${hostname} is ${NOT_PUBLIC}`
  return null
}

/**
 * Why `url` may not be called now (checked before every delivery, so that a name that later resolves to a
 * private address is refused too), or null.
 */
export async function refusedTarget(policy: WebhookPolicy, url: string): Promise<string | null> {
  const byName = refusedHost(policy, url)
  if (byName || policy.allowPrivate) return byName
  const hostname = new URL(url).hostname.replace(/^\[|\]$/g, '')
  const addresses = isIP(hostname) ? [{ address: hostname }] : await lookup(hostname, { all: true }).catch(() => [])
  if (addresses.length === 0) return `${hostname} does not resolve`
  const inner = addresses.find(a => !isPublicAddress(a.address))
  return inner ? `${hostname} resolves to an address that is ${NOT_PUBLIC}` : null
}
