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
