// NDJSON streams as async iterables that reconnect after a dropped connection and never repeat an item.
import { ArbiterError } from './errors.ts'
import { sleep, type Transport } from './transport.ts'

export interface StreamOptions {
  /** Stops the stream (the iterator then simply ends). */
  signal?: AbortSignal
  /**
   * Reconnect when nothing, not even the server's keep-alive line (every 20 s), arrived for this long
   * (default 60 000 ms): a connection a proxy dropped silently looks exactly like a quiet match.
   */
  idleTimeoutMs?: number
  /** Told each time a connection opens (the first and every reconnection), before its first item. */
  onConnect?: () => void | Promise<void>
}

export interface ReconnectingStream<T> {
  /** The path to GET, asked again on every (re)connection. */
  path: () => string
  /** False for an item already delivered before a reconnection. */
  fresh: (item: T) => boolean
  /** True for the last item: the stream ends after it. */
  last: (item: T) => boolean
}

/** The JSON values of an NDJSON body, skipping the blank keep-alive lines; `onData` is told of every chunk. */
async function* ndjson(body: ReadableStream<Uint8Array>, onData: () => void): AsyncGenerator<unknown> {
  const decoder = new TextDecoder()
  let buffer = ''
  for await (const chunk of body) {
    onData()
    buffer += decoder.decode(chunk, { stream: true })
    let nl: number
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl).trim()
      buffer = buffer.slice(nl + 1)
      if (line) yield JSON.parse(line)
    }
  }
}

export async function* reconnecting<T>(
  transport: Transport,
  stream: ReconnectingStream<T>,
  opts: StreamOptions = {},
): AsyncGenerator<T> {
  const idleMs = opts.idleTimeoutMs ?? 60_000
  for (let attempt = 0; !opts.signal?.aborted; attempt++) {
    let retryAfter: number | undefined
    const conn = new AbortController()
    const stop = () => conn.abort()
    opts.signal?.addEventListener('abort', stop)
    let idle = setTimeout(stop, idleMs)
    const alive = () => {
      clearTimeout(idle)
      idle = setTimeout(stop, idleMs)
    }
    try {
      const res = await transport.open(stream.path(), conn.signal)
      alive()
      await opts.onConnect?.()
      for await (const item of ndjson(res.body!, alive)) {
        attempt = 0
        if (!stream.fresh(item as T)) continue
        yield item as T
        if (stream.last(item as T)) return
      }
    } catch (e) {
      if (opts.signal?.aborted) return
      // A refusal (unknown match, bad key) will not change by asking again; anything else was a lost connection.
      if (e instanceof ArbiterError && !e.retryable) throw e
      retryAfter = e instanceof ArbiterError ? e.retryAfter : undefined
    } finally {
      clearTimeout(idle)
      opts.signal?.removeEventListener('abort', stop)
      conn.abort()
    }
    if (!opts.signal?.aborted) await sleep(transport.delay(attempt, retryAfter))
  }
}
