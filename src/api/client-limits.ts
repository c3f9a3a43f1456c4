/** Per-client caps of one process: open streams per address and per player, TCP connections per address. */
import { hash } from 'node:crypto'
import type { Server, Socket } from 'node:net'
import { ApiError } from './api-error.ts'
import type { Limits } from './limits.ts'

/** Counts held per key; `take` refuses past `max` (0: no cap). */
class Counter {
  private readonly held = new Map<string, number>()
  constructor(private readonly max: number) {}
  has(key: string): boolean {
    return this.max === 0 || (this.held.get(key) ?? 0) < this.max
  }
  take(key: string): () => void {
    this.held.set(key, (this.held.get(key) ?? 0) + 1)
    let released = false
    return () => {
      if (released) return
      released = true
      const n = (this.held.get(key) ?? 1) - 1
      if (n <= 0) this.held.delete(key)
      else this.held.set(key, n)
    }
  }
}

// A bearer token is counted by a hash of it: the map never holds a credential.
const tokenKey = (token: string) => hash('sha256', token, 'base64url').slice(0, 22)

export class ClientLimits {
  private readonly byAddress: Counter
  private readonly byPlayer: Counter
  private readonly connections: Counter

  constructor(private readonly limits: Limits) {
    this.byAddress = new Counter(limits.streamsPerAddress)
    this.byPlayer = new Counter(limits.streamsPerPlayer)
    this.connections = new Counter(limits.connectionsPerAddress)
  }

  /** A long-lived stream (NDJSON stream, WebSocket) from `address`; throws RATE_LIMITED past STREAMS_PER_ADDRESS. */
  openFromAddress(address: string): () => void {
    if (!this.byAddress.has(address)) {
      throw new ApiError(
        'RATE_LIMITED',
        `this address has ${this.limits.streamsPerAddress} open streams and WebSockets on this server, the most allowed (STREAMS_PER_ADDRESS)`,
      )
    }
    return this.byAddress.take(address)
  }

  /**
   * A stream or subscription with `token` (a player key or seat token); throws RATE_LIMITED past STREAMS_PER_PLAYER.
   */
  openForPlayer(token: string | null | undefined): () => void {
    if (!token) return () => {}
    const key = tokenKey(token)
    if (!this.byPlayer.has(key)) {
      throw new ApiError(
        'RATE_LIMITED',
        `this key has ${this.limits.streamsPerPlayer} open streams and subscriptions on this server, the most allowed (STREAMS_PER_PLAYER)`,
      )
    }
    return this.byPlayer.take(key)
  }

  /** Both: an NDJSON stream from `address` with `token`. */
  openStream(address: string, token: string | null | undefined): () => void {
    const releaseAddress = this.openFromAddress(address)
    try {
      const releasePlayer = this.openForPlayer(token)
      return () => (releaseAddress(), releasePlayer())
    } catch (e) {
      releaseAddress()
      throw e
    }
  }

  /**
   * Caps TCP connections per address (CONNECTIONS_PER_ADDRESS): one past the cap is answered RATE_LIMITED (429)
   * and closed before any request is read from it.
   */
  guardConnections(server: Server): void {
    server.prependListener('connection', (socket: Socket) => {
      const address = socket.remoteAddress ?? ''
      if (this.connections.has(address)) {
        socket.once('close', this.connections.take(address))
        return
      }
      const body = JSON.stringify({
        code: 'RATE_LIMITED',
        message: `this address has ${this.limits.connectionsPerAddress} open connections to this server, the most allowed (CONNECTIONS_PER_ADDRESS)`,
      })
      socket.end(
        `HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\nretry-after: 1\r\nconnection: close\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      )
      socket.once('finish', () => socket.destroy())
    })
  }
}
