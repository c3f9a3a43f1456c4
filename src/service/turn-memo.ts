/**
 * A memo that lives for one turn of the event loop: what many readers ask for in the same turn (one version fanned out
 * to every watcher of a match) is made once, and nothing is kept between turns.
 */
export class TurnMemo<K, S, V> {
  private readonly made = new Map<K, Map<S, V>>()

  /**
   * The value for `key` and `sub`, made by `make` on the turn's first ask. The memo is emptied once the turn's
   * microtasks have run (a tick queued from them runs after they all have), so what it holds is never older than that.
   */
  get(key: K, sub: S, make: () => V): V {
    let bySub = this.made.get(key)
    if (!bySub) {
      if (this.made.size === 0) process.nextTick(() => this.made.clear())
      bySub = new Map()
      this.made.set(key, bySub)
    }
    let value = bySub.get(sub)
    if (value === undefined) bySub.set(sub, (value = make()))
    return value
  }
}
