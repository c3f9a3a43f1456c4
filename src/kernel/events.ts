// Event redaction: what of an event a seat or a spectator may see.
import type { GameEvent } from './engine.ts'

/** The event as `viewer` may see it (null = spectator); see GameEvent for the convention. */
export function redactEvent(event: GameEvent, viewer: number | null): GameEvent {
  const { visibleTo, secret, ...pub } = event
  if (secret === undefined) return pub as GameEvent
  if (visibleTo !== undefined && (viewer === null || !visibleTo.includes(viewer))) return pub as GameEvent
  return { ...pub, secret } as GameEvent
}
