/** The messages one streaming client has not taken yet, bounded in bytes: past the bound only the newest is kept. */

export interface QueueBounds {
  /** STREAM_BUFFER_KB, in bytes: the most held for one client before older messages are dropped. */
  bufferBytes: number
  /** STREAM_STALL_SECONDS, in ms: how long a client may stay behind (its queue over the bound, not yet emptied). */
  stallMs: number
}

/** The JSON size of each message object pushed so far, while it lives: one pushed to many queues is sized once. */
const sizes = new WeakMap<object, number>()

/** A message's size as JSON, in bytes (messages are never changed once pushed). */
function sizeOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return Buffer.byteLength(JSON.stringify(value) ?? '')
  let bytes = sizes.get(value)
  if (bytes === undefined) sizes.set(value, (bytes = Buffer.byteLength(JSON.stringify(value) ?? '')))
  return bytes
}

/**
 * An async iterator over pushed messages. A client that takes them as fast as they come costs nothing (each goes
 * straight to its waiting reader). One that falls behind has its messages held up to `bufferBytes` (sized as
 * JSON); past that, the held messages are dropped and only the newest is kept (for a match, its newest view
 * carries every version in between; the log has their actions), and `onStall` runs if the client has not taken
 * everything within `stallMs` (its transport is then closed).
 */
export class BoundedQueue<T> implements AsyncIterableIterator<T> {
  private readonly held: { value: T; bytes: number }[] = []
  private heldBytes = 0
  private reader: ((r: IteratorResult<T>) => void) | null = null
  private ended = false
  private stallTimer: NodeJS.Timeout | null = null
  private returned = false
  /** Messages dropped so far because the client was behind. */
  dropped = 0

  /** `onReturn`: runs once when the reader stops it (or it stalls), to release what feeds it. */
  constructor(
    private readonly bounds: QueueBounds,
    private readonly onStall: () => void,
    private readonly onReturn: () => void = () => {},
  ) {}

  push(value: T): void {
    if (this.ended) return
    if (this.reader) {
      const r = this.reader
      this.reader = null
      r({ value, done: false })
      return
    }
    const bytes = sizeOf(value)
    if (this.heldBytes + bytes > this.bounds.bufferBytes && this.held.length > 0) {
      this.dropped += this.held.length
      this.held.length = 0
      this.heldBytes = 0
      this.stallTimer ??= setTimeout(() => this.stalled(), this.bounds.stallMs)
    }
    this.held.push({ value, bytes })
    this.heldBytes += bytes
  }

  /** No more messages: a reader gets what is held, then the end. */
  end(): void {
    this.ended = true
    this.clearStall()
    if (this.reader && this.held.length === 0) {
      const r = this.reader
      this.reader = null
      r({ value: undefined, done: true })
    }
  }

  /** Held messages (for tests and the bench). */
  get size(): number {
    return this.held.length
  }

  private stalled(): void {
    this.stallTimer = null
    if (this.held.length === 0) return
    this.discard()
    this.onStall()
  }

  private clearStall(): void {
    if (this.stallTimer) clearTimeout(this.stallTimer)
    this.stallTimer = null
  }

  private discard(): void {
    if (!this.returned) {
      this.returned = true
      this.onReturn()
    }
    this.ended = true
    this.held.length = 0
    this.heldBytes = 0
    this.clearStall()
    const r = this.reader
    this.reader = null
    r?.({ value: undefined, done: true })
  }

  next(): Promise<IteratorResult<T>> {
    const first = this.held.shift()
    if (first) {
      this.heldBytes -= first.bytes
      // Caught up: whatever was dropped before, the client is no longer behind.
      if (this.held.length === 0) this.clearStall()
      return Promise.resolve({ value: first.value, done: false })
    }
    if (this.ended) return Promise.resolve({ value: undefined, done: true })
    return new Promise(resolve => (this.reader = resolve))
  }

  return(): Promise<IteratorResult<T>> {
    this.discard()
    return Promise.resolve({ value: undefined, done: true })
  }

  [Symbol.asyncIterator](): this {
    return this
  }
}
