/** SNAPSHOT_CACHE_SIZE: snapshots cached per process; unset keeps the default (DEFAULT_SNAPSHOT_CACHE_SIZE). */
export function snapshotCacheSizeFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const raw = env.SNAPSHOT_CACHE_SIZE
  if (raw === undefined || raw === '') return undefined
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 1) throw new Error(`SNAPSHOT_CACHE_SIZE must be a whole number >= 1, not '${raw}'`)
  return n
}

/**
 * A bounded most-recently-used map. The match store keeps parsed snapshots here so that a read only
 * has to confirm the version with the database instead of transferring and parsing the whole state.
 * It never decides anything: every read checks the version and every write is guarded by it.
 */
export class LruMap<K, V> {
  private readonly map = new Map<K, V>()

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const v = this.map.get(key)
    if (v !== undefined) {
      this.map.delete(key)
      this.map.set(key, v)
    }
    return v
  }

  set(key: K, value: V): void {
    this.map.delete(key)
    this.map.set(key, value)
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as K)
  }

  delete(key: K): void {
    this.map.delete(key)
  }
}
