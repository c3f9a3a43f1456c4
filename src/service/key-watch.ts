/**
 * Streams and subscriptions opened with a player key end once the key is rotated or its player blocked, on every
 * process (checked against the database).
 */
import { turnLoader } from './turn-loader.ts'
import type { Database } from '../store/database.ts'
import type { Caller } from './caller.ts'
import { hashToken } from './tokens.ts'

/** Every open stream's key is checked this often, so that one rotated on another process ends within two periods. */
export const KEY_CHECK_MS = 4_000

/** Player keys start so (seat tokens and deck edit tokens are never rotated). */
const PLAYER_KEY = 'pk_'

export class KeyWatch {
  /** The revocation callbacks of every open stream, by key hash. */
  private readonly watched = new Map<string, Set<() => void>>()
  private timer: NodeJS.Timeout | null = null
  // Checks asked for in the same turn of the event loop (one event sent to many streams) share one query.
  private readonly loader = turnLoader<string, boolean>(hashes => this.currentMany(hashes))

  constructor(private readonly db: Database) {}

  /**
   * Whether the caller's player key is still its player's key, as the database has it now (never a cache): true for
   * any other bearer, whose credentials do not change.
   */
  async current(caller: Caller): Promise<boolean> {
    if (!caller.token?.startsWith(PLAYER_KEY)) return true
    return this.loader.load(hashToken(caller.token))
  }

  /** Calls `onRevoked` once the caller's player key is no longer current; the returned function stops watching. */
  watch(caller: Caller, onRevoked: () => void): () => void {
    if (!caller.token?.startsWith(PLAYER_KEY)) return () => {}
    const hash = hashToken(caller.token)
    const set = this.watched.get(hash) ?? new Set()
    set.add(onRevoked)
    this.watched.set(hash, set)
    this.timer ??= setInterval(() => void this.check().catch(() => {}), KEY_CHECK_MS).unref()
    return () => {
      set.delete(onRevoked)
      if (set.size === 0 && this.watched.get(hash) === set) this.watched.delete(hash)
      if (this.watched.size === 0 && this.timer) {
        clearInterval(this.timer)
        this.timer = null
      }
    }
  }

  /** Ends at once every stream of this process opened with the key of hash `hash` (rotated here). */
  revoked(hash: string): void {
    const set = this.watched.get(hash)
    this.watched.delete(hash)
    for (const fn of set ?? []) fn()
  }

  /** One query for every key this process has streams of; those no longer current end. */
  private async check(): Promise<void> {
    const hashes = [...this.watched.keys()]
    if (hashes.length === 0) return
    const current = await this.currentMany(hashes)
    hashes.forEach((h, i) => {
      if (!current[i]) this.revoked(h)
    })
  }

  private async currentMany(hashes: readonly string[]): Promise<boolean[]> {
    // A blocked player's key is no longer current either.
    const rows = await this.db.sql.query<{ keyHash: string }>(
      `SELECT "keyHash" FROM "Player" WHERE "keyHash" = ANY($1::text[]) AND "blockedAt" IS NULL`,
      [hashes],
    )
    const found = new Set(rows.map(r => r.keyHash))
    return hashes.map(h => found.has(h))
  }

  /**
   * `source` until the caller's key is rotated: each value is sent only after the key is confirmed current, and
   * a rotation seen by the periodic check ends it (its `return` ends `source`, even while a `next` is pending).
   */
  guard<T>(iterable: AsyncIterable<T>, caller: Caller): AsyncIterableIterator<T> {
    const source = iterable[Symbol.asyncIterator]()
    let stopped = false
    const end = async (): Promise<IteratorResult<T>> => {
      stopped = true
      unwatch()
      await source.return?.()
      return { done: true, value: undefined }
    }
    const unwatch = this.watch(caller, () => void end())
    const iterator: AsyncIterableIterator<T> = {
      next: async () => {
        if (stopped) return { done: true, value: undefined }
        const r = await source.next()
        if (stopped) return { done: true, value: undefined }
        if (r.done) {
          unwatch()
          return r
        }
        return (await this.current(caller)) ? r : end()
      },
      return: end,
      [Symbol.asyncIterator]: () => iterator,
    }
    return iterator
  }
}
