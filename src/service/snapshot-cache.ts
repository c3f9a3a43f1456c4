// The snapshot cache's bounds (SNAPSHOT_CACHE_MB, SNAPSHOT_CACHE_SIZE), its per-entry heap estimate, and the LRU map
// bounded by both.

/** What one process may cache: an estimated heap budget and, optionally, a number of entries. */
export interface SnapshotCacheLimits {
  megabytes: number
  entries?: number
}

/**
 * 128 MB (of 2^20 bytes) holds about 12,000 Cyberpunk TCG matches in mid-game, 23,000 Dice Throne or 25,000
 * Cyber Net Cards matches, and 69,000 small ones (the test race); `npm run bench` prints each game's figures.
 */
export const DEFAULT_SNAPSHOT_CACHE_MB = 128

// A parsed state holds about 2.0 to 2.3 times its JSON length in heap on the real engines (bench/cache-memory.ts
// measures it), a tiny one up to 4.5 times; the rest of an entry (seats, dates, ids, the map's slot) about
// 1.1 kB. Rounded up so that the budget is rarely exceeded, whatever the size of the states.
const HEAP_PER_JSON_CHAR = 2.5
const ENTRY_OVERHEAD = 1_536

/** The heap an entry whose state serialises to `stateJsonLength` characters is counted as holding. */
export function snapshotBytes(stateJsonLength: number): number {
  return ENTRY_OVERHEAD + Math.ceil(HEAP_PER_JSON_CHAR * stateJsonLength)
}

function positiveNumber(env: NodeJS.ProcessEnv, name: string, whole: boolean): number | undefined {
  const raw = env[name]
  if (raw === undefined || raw === '') return undefined
  const n = Number(raw)
  if (!Number.isFinite(n) || n <= 0 || (whole && !Number.isInteger(n))) {
    throw new Error(`${name} must be ${whole ? 'a whole number >= 1' : 'a number > 0'}, not '${raw}'`)
  }
  return n
}

/** SNAPSHOT_CACHE_SIZE: an optional cap on snapshots cached per process; unset, only the memory budget bounds them. */
export function snapshotCacheSizeFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  return positiveNumber(env, 'SNAPSHOT_CACHE_SIZE', true)
}

/**
 * SNAPSHOT_CACHE_MB: the estimated heap the snapshot cache may hold per process; unset keeps DEFAULT_SNAPSHOT_CACHE_MB.
 */
export function snapshotCacheMbFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  return positiveNumber(env, 'SNAPSHOT_CACHE_MB', false)
}

/**
 * A most-recently-used map bounded by the summed weight of its values (bytes) and/or by its number of
 * entries; the least recently used go first. The match store keeps parsed snapshots here so
 * that a read only has to confirm the version with the database instead of transferring and parsing
 * the whole state. It never decides anything: every read checks the version and every write is guarded by it.
 */
export class LruMap<K, V> {
  private readonly map = new Map<K, V>()
  private held = 0
  private readonly maxBytes: number
  private readonly maxEntries: number

  constructor(
    limits: { bytes?: number; entries?: number },
    private readonly weigh: (value: V) => number = () => 0,
  ) {
    this.maxBytes = limits.bytes ?? Infinity
    this.maxEntries = limits.entries ?? Infinity
  }

  /** The summed weight of the values held. */
  get bytes(): number {
    return this.held
  }

  get size(): number {
    return this.map.size
  }

  get(key: K): V | undefined {
    const v = this.map.get(key)
    if (v !== undefined) {
      this.map.delete(key)
      this.map.set(key, v)
    }
    return v
  }

  /** Like `get`, without making the entry the most recently used. */
  peek(key: K): V | undefined {
    return this.map.get(key)
  }

  /** A value heavier than the whole budget is evicted at once, like any entry over the bound. */
  set(key: K, value: V): void {
    this.delete(key)
    this.map.set(key, value)
    this.held += this.weigh(value)
    while (this.map.size > 0 && (this.held > this.maxBytes || this.map.size > this.maxEntries)) {
      this.delete(this.map.keys().next().value as K)
    }
  }

  delete(key: K): void {
    const v = this.map.get(key)
    if (v === undefined) return
    this.map.delete(key)
    this.held -= this.weigh(v)
  }
}
