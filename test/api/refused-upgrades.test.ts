// Refused WebSocket upgrades: the server closes each socket, descriptors return to the baseline, and close() is prompt.
import net from 'node:net'
import { readdirSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { startListeningServer, type ListeningServer } from '../support/server.ts'
import { waitFor } from '../support/wait-for.ts'

// Issue 26, finding 0: a WebSocket upgrade the server refuses (no such path: 404; over the rate limit: 429) must
// close its socket. Left open, each stayed in CLOSE-WAIT for good and the server could no longer close.
const REFUSED = 300

/** Sends one upgrade request on a raw socket and resolves with the status line, the socket still open. */
function upgrade(port: number, path: string): Promise<{ status: string; socket: net.Socket }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.on('error', reject)
    socket.once('data', chunk => resolve({ status: chunk.toString('latin1').split('\r\n')[0]!, socket }))
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n` +
        `Sec-WebSocket-Key: ${Buffer.from('0123456789abcdef').toString('base64')}\r\nSec-WebSocket-Protocol: graphql-transport-ws\r\n\r\n`,
    )
  })
}

/** Resolves when the server ends the socket (the client sees its FIN), or with false after `ms`. */
function closedByServer(socket: net.Socket, ms: number): Promise<boolean> {
  return new Promise(resolve => {
    if (socket.readableEnded || socket.destroyed) return resolve(true)
    const timer = setTimeout(() => resolve(false), ms)
    socket.once('end', () => (clearTimeout(timer), resolve(true)))
    socket.once('close', () => (clearTimeout(timer), resolve(true)))
    socket.resume()
  })
}

const connections = (srv: ListeningServer) =>
  new Promise<number>((resolve, reject) => srv.app.server.getConnections((err, n) => (err ? reject(err) : resolve(n))))
const descriptors = () => readdirSync('/proc/self/fd').length

/** Whether the server's close() finishes within `ms` (a server that cannot close would hang the suite). */
function closesWithin(server: ListeningServer, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    server.app.close().then(() => true),
    new Promise<boolean>(resolve => (timer = setTimeout(() => resolve(false), ms))),
  ]).finally(() => clearTimeout(timer))
}

let srv: ListeningServer | null = null
afterEach(async () => {
  if (srv && (await closesWithin(srv, 2_000))) await srv.db.close()
  srv = null
})

describe('refused WebSocket upgrades close their sockets (issue 26, 0)', () => {
  for (const [what, path, status, limits] of [
    ['an unknown path (404)', '/no-such-path', '404', {}],
    ['over the rate limit (429)', '/graphql', '429', { rateLimitMax: 1 }],
  ] as const) {
    it(`${REFUSED} upgrades to ${what}: each socket closed by the server, descriptors back to the baseline, close() prompt`, async () => {
      srv = await startListeningServer({ limits })
      if (status === '429') await fetch(`${srv.base}/graphql?query=%7B__typename%7D`)
      const baseline = { descriptors: descriptors(), connections: await connections(srv) }
      const sockets: net.Socket[] = []
      for (let i = 0; i < REFUSED; i++) {
        const r = await upgrade(srv.port, path)
        expect(r.status).toBe(`HTTP/1.1 ${status} ${status === '404' ? 'Not Found' : 'Too Many Requests'}`)
        sockets.push(r.socket)
      }
      // The client keeps its end open: only the server can close these.
      const closed = await Promise.all(sockets.map(s => closedByServer(s, 5_000)))
      expect(closed.filter(c => !c).length).toBe(0)
      for (const s of sockets) s.destroy()
      await waitFor('the connections released', async () => (await connections(srv!)) <= baseline.connections, 5_000)
      expect(await connections(srv)).toBe(baseline.connections)
      expect(descriptors()).toBeLessThanOrEqual(baseline.descriptors + 5)
      expect(await closesWithin(srv, 2_000)).toBe(true)
    })
  }

  it('the server closes at once even while a refused upgrade socket is held open by its client', async () => {
    srv = await startListeningServer()
    const held = await upgrade(srv.port, '/no-such-path')
    expect(held.status).toBe('HTTP/1.1 404 Not Found')
    expect(await closesWithin(srv, 2_000)).toBe(true)
    held.socket.destroy()
  })
})
