// Issue 26, finding 0: SIGTERM ends a server process promptly (and cleanly) whatever its clients hold open: NDJSON
// streams and WebSocket subscriptions read or not read, a request or an upgrade cut off half-way, a connection that
// sent nothing, one its client half-closed. (Before, refused upgrade sockets kept a process alive until SIGKILL.)
import http from 'node:http'
import net from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { scratchDatabase, type ScratchDatabase } from '../support/scratch-postgres.ts'
import { startServerProcess, type ServerProcess } from '../support/server-process.ts'
import { waitFor } from '../support/wait-for.ts'

/** How long "promptly" is: a bound for a process that would never end, not a measure of its speed. */
const EXIT_BOUND_MS = 30_000

let scratch: ScratchDatabase | undefined
let server: ServerProcess | undefined
const clients: { destroy(): void }[] = []
afterAll(async () => {
  server?.child.kill('SIGKILL')
  for (const c of clients) c.destroy()
  await scratch?.drop()
})

const UPGRADE =
  `GET /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n` +
  `Sec-WebSocket-Key: ${Buffer.from('0123456789abcdef').toString('base64')}\r\nSec-WebSocket-Protocol: graphql-transport-ws\r\n\r\n`

/** A raw connection that has sent `text`; resolved once connected (and, with `answered`, once the server replied). */
function raw(port: number, text: string, answered = false, halfClose = false): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true })
    clients.push(socket)
    socket.on('error', () => {})
    socket.once('connect', () => {
      if (text) socket.write(text)
      if (halfClose && !answered) socket.end()
      if (!answered) resolve(socket)
    })
    if (answered) {
      socket.once('data', () => {
        if (halfClose) socket.end()
        resolve(socket)
      })
    }
    socket.once('close', () => reject(new Error('closed before it was set up')))
  })
}

/** An NDJSON stream of the match, resolved once its first line came; paused from then on when `pause`. */
function stream(port: number, matchId: string, pause: boolean): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: `/api/matches/${matchId}/stream`, agent: false }, res => {
      res.once('data', () => {
        if (pause) res.pause()
        resolve(req)
      })
    })
    clients.push(req)
    req.on('error', () => {})
    req.once('close', () => reject(new Error('stream closed before its first line')))
  })
}

/** A WebSocket with a matchUpdated subscription, resolved once its first view came; its socket paused when `pause`. */
function subscription(port: number, matchId: string, pause: boolean): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/graphql`, 'graphql-transport-ws')
    clients.push({ destroy: () => ws.terminate() })
    ws.on('error', () => {})
    ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: {} })))
    ws.on('message', data => {
      const m = JSON.parse(String(data)) as { type: string }
      if (m.type === 'connection_ack') {
        ws.send(
          JSON.stringify({
            id: '1',
            type: 'subscribe',
            payload: {
              query: `subscription($id: ID!) { matchUpdated(matchId: $id) { version } }`,
              variables: { id: matchId },
            },
          }),
        )
      } else if (m.type === 'next') {
        if (pause) (ws as unknown as { _socket: net.Socket })._socket.pause()
        resolve(ws)
      }
    })
    ws.once('close', () => reject(new Error('closed before its first view')))
  })
}

describe('SIGTERM with clients holding connections open', () => {
  it('the process exits cleanly within the bound, with open, paused and half-open streams and WebSockets', async () => {
    scratch = await scratchDatabase('arbiter_shutdown')
    server = await startServerProcess(scratch.url(), { REDIS_URL: '' })
    const port = Number(new URL(server.url).port)
    const created = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id } } }`,
        variables: {
          input: { game: 'dice-throne-marvel', seats: [{ deck: { hero: 'thor' } }, { deck: { hero: 'loki' } }] },
        },
      }),
    })
    const matchId = ((await created.json()) as { data: { createMatch: { match: { id: string } } } }).data.createMatch
      .match.id

    await stream(port, matchId, false)
    await stream(port, matchId, true)
    await subscription(port, matchId, false)
    await subscription(port, matchId, true)
    // Half-open: a request whose headers never end, an upgrade cut off half-way, a connection that sent nothing, a
    // WebSocket whose client half-closed right after the upgrade, a request whose client half-closed before the answer.
    await raw(port, 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ')
    await raw(port, UPGRADE.slice(0, 60))
    await raw(port, '')
    await raw(port, UPGRADE, true, true)
    await raw(
      port,
      'POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"qu',
      false,
      true,
    )

    let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null
    server.child.once('exit', (code, signal) => (exit = { code, signal }))
    server.child.kill('SIGTERM')
    await waitFor('the process to exit after SIGTERM', () => exit, EXIT_BOUND_MS)
    expect(exit).toEqual({ code: 0, signal: null })
  }, 420_000)
})
