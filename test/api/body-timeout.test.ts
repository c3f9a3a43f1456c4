// REQUEST_BODY_TIMEOUT_MS: a body that stops or trickles is answered 408 and closed; one sent in time is served.
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startListeningServer, type ListeningServer } from '../support/server.ts'

// Issue 26, finding 10: a request body that stops after a few bytes, or trickles, is cut off after
// REQUEST_BODY_TIMEOUT_MS (answered 408, or the connection closed), not held open for good.
const TIMEOUT_MS = 1_000

let srv: ListeningServer
beforeAll(async () => {
  srv = await startListeningServer({ limits: { requestBodyTimeoutMs: TIMEOUT_MS } })
})
afterAll(async () => srv.close())

/**
 * Sends a POST announcing 1,000 bytes, then `send` its body; resolves with what the server answered and when it closed.
 */
function slowPost(send: (socket: net.Socket) => void): Promise<{ answer: string; ms: number } | 'still open'> {
  return new Promise(resolve => {
    const t = performance.now()
    const socket = net.connect(srv.port, '127.0.0.1', () => {
      socket.write(
        'POST /graphql HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"query":',
      )
      send(socket)
    })
    let answer = ''
    socket.on('data', c => (answer += c.toString()))
    socket.on('error', () => {})
    // A bound, not a synchronisation: well past the timeout and the server's check interval.
    const bound = setTimeout(() => (socket.destroy(), resolve('still open')), TIMEOUT_MS * 6)
    socket.once('close', () => {
      clearTimeout(bound)
      resolve({ answer, ms: performance.now() - t })
    })
  })
}

describe('REQUEST_BODY_TIMEOUT_MS (issue 26, 10)', () => {
  it('a body that stops after a few bytes is answered 408 and closed', async () => {
    const r = await slowPost(() => {})
    expect(r).not.toBe('still open')
    if (r === 'still open') return
    expect(r.answer.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout')
    expect(r.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50)
  })

  it('a body that trickles (a byte every 100 ms) is cut off too', async () => {
    let timer: NodeJS.Timeout | undefined
    const r = await slowPost(socket => (timer = setInterval(() => socket.writable && socket.write(' '), 100)))
    clearInterval(timer)
    expect(r).not.toBe('still open')
    if (r === 'still open') return
    expect(r.answer.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout')
  })

  it('a body sent in time is served', async () => {
    const res = await fetch(`${srv.base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    })
    expect(res.status).toBe(200)
  })
})
