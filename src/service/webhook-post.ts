/** One webhook POST whose connection goes only to an address the webhook policy allows, checked as it connects. */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { request as httpRequest, type RequestOptions } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'
import { isPublicAddress, NOT_PUBLIC, type WebhookPolicy } from './webhook-targets.ts'

/** The connection was refused by the policy (the name resolved to a non-public address): retrying will not help. */
export class WebhookRefused extends Error {
  override name = 'WebhookRefused'
}

/**
 * A lookup that fails when any address of the name is non-public. Checking the name before the request is
 * not enough: a name can resolve to a public address for the check and to 127.0.0.1 for the connection
 * (DNS rebinding). Here the addresses checked are the ones the socket connects to.
 */
function guardedLookup(policy: WebhookPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0)
      const inner = policy.allowPrivate ? undefined : addresses.find(a => !isPublicAddress(a.address))
      if (inner) return callback(new WebhookRefused(`${hostname} resolves to an address that is ${NOT_PUBLIC}`), '', 0)
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses)
      callback(null, addresses[0]!.address, addresses[0]!.family)
    })
  }
}

/**
 * POSTs `body`; resolves with the response status (the body is discarded), rejects on a network error, a timeout or a
 * refusal.
 */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  policy: WebhookPolicy,
  timeoutMs: number,
  connectTimeoutMs: number = timeoutMs,
): Promise<number> {
  const target = new URL(url)
  const options: RequestOptions = {
    method: 'POST',
    headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    lookup: guardedLookup(policy),
    signal: AbortSignal.timeout(timeoutMs),
  }
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise<number>((resolve, reject) => {
    const req = send(target, options, res => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
      res.on('error', reject)
    })
    req.on('error', reject)
    // A target that never accepts the connection fails after connectTimeoutMs, not after the whole answer's time.
    req.on('socket', socket => {
      if (!socket.connecting) return
      const timer = setTimeout(() => req.destroy(new Error('connect timeout')), connectTimeoutMs)
      socket.once('connect', () => clearTimeout(timer))
      socket.once('close', () => clearTimeout(timer))
    })
    req.end(body)
  })
}

/**
 * A failed attempt in words its owner can act on. A refused connection, a timeout and an error status read the
 * same, so that `lastError` tells nobody which ports of a host are open (no port-scan oracle); the receiver's own
 * log, searched for the delivery id, tells its owner which it was.
 */
export function failureText(err: unknown, timeoutMs: number): string {
  if (err instanceof WebhookRefused) return `refused: ${err.message}`
  const code = (err as { code?: unknown } | null)?.code
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'not delivered: the host name of the URL does not resolve'
  return `not delivered: no 2xx answer within ${timeoutMs / 1000} s (the URL did not accept a connection, did not answer in time, or answered an error); look for its X-Arbiter-Delivery id in the receiver's log`
}
