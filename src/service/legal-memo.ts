/** Each match state's labelled legal actions per seat, listed once for the reads and the submit that follow. */
import type { LegalActionView } from './matches.ts'

/**
 * States are never changed in place (engines return new ones), and the snapshot cache, the views and the
 * answers share them, so a list made for a state stays right while anything holds that state. Keyed
 * weakly: a list goes with its state. A bot's read of its choices and its submit of one of their ids then
 * list, hash and label the actions once between them.
 */
export class LegalMemo {
  private readonly byState = new WeakMap<object, Map<number, LegalActionView[]>>()

  get(state: unknown, seat: number, list: () => LegalActionView[]): LegalActionView[] {
    if (typeof state !== 'object' || state === null) return list()
    let seats = this.byState.get(state)
    if (!seats) this.byState.set(state, (seats = new Map()))
    let legal = seats.get(seat)
    if (!legal) seats.set(seat, (legal = list()))
    return legal
  }

  /** The list if one was made for this state and seat. */
  peek(state: unknown, seat: number): LegalActionView[] | undefined {
    return typeof state === 'object' && state !== null ? this.byState.get(state)?.get(seat) : undefined
  }
}
