/** One webhook POST whose connection goes only to an address the webhook policy allows, checked as it connects. */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { request as httpRequest, type RequestOptions } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'
import { isPublicAddress, type WebhookPolicy } from './webhook-targets.ts'

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
      const inner = policy.allowPrivate ? undefined : addresses.find((a) => !isPublicAddress(a.address))
      if (inner) return callback(new WebhookRefused(`${hostname} resolves to ${inner.address}, not a public address`), '', 0)
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses)
      callback(null, addresses[0]!.address, addresses[0]!.family)
    })
  }
}

/** POSTs `body`; resolves with the response status (the body is discarded), rejects on a network error, a timeout or a refusal. */
export function postWebhook(url: string, headers: Record<string, string>, body: string, policy: WebhookPolicy, timeoutMs: number): Promise<number> {
  const target = new URL(url)
  const options: RequestOptions = {
    method: 'POST',
    headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    lookup: guardedLookup(policy),
    signal: AbortSignal.timeout(timeoutMs),
  }
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise<number>((resolve, reject) => {
    const req = send(target, options, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(body)
  })
}
