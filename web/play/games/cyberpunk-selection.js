// What the Cyberpunk TCG board and its action panel share: which cards have choices now and the card the seat picked.
// The panel is drawn in the action list and the board beside it, each by the page, so they meet in this small store.
import { useEffect, useState } from '../lib.js'

/**
 * @typedef {{ counts: Map<string, number>, selected: { key: string, name: string } | null }} Shared how many choices
 *   each card (by its board key) has, and the card whose choices the panel lists, with its name
 */

/** @type {Shared} */
let shared = { counts: new Map(), selected: null }
/** @type {Set<(now: Shared) => void>} */
const listeners = new Set()

/** Changes what the board and the panel share, and redraws both. @param {Partial<Shared>} change */
export function share(change) {
  shared = { ...shared, ...change }
  for (const listener of listeners) listener(shared)
}

/** What the board and the panel share, redrawing the caller when it changes. @returns {Shared} */
export function useShared() {
  const [now, setNow] = useState(shared)
  useEffect(() => {
    listeners.add(setNow)
    setNow(shared)
    return () => {
      listeners.delete(setNow)
    }
  }, [])
  return now
}
