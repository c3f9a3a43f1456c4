/**
 * A player's events for one stream or subscription: the pending state (or the kept events after `after`), then
 * `synced`, then every new event, each once and in seq order, read from the kept events whenever the bus says
 * there are new ones (so nothing is lost or doubled between replay and live, and a slow reader holds one page).
 */
import type { Caller, FeedEvent, PlayerEventStore } from '../service/index.ts'
import { EVENT_PAGE } from '../service/player-events.ts'
import { onPlayerEvent, type UpdateBus } from './updates.ts'

export class PlayerFeed implements AsyncIterableIterator<FeedEvent> {
  /** Every open feed of this process, to read again when Redis is back (what it carried meanwhile was lost). */
  private static readonly open = new Set<PlayerFeed>()

  /** Each open feed reads its kept events again (after a Redis outage: the events are kept, their notices were not). */
  static wakeAll(): void {
    for (const feed of PlayerFeed.open) feed.wakeUp()
  }

  private readonly buffer: FeedEvent[] = []
  private phase: 'open' | 'replay' | 'live' = 'open'
  /** The seq of the last kept event sent (or, after the pending state, the latest one then). */
  private last = 0
  /** The bus said there are new events since the last read (set from the start: the first read always runs). */
  private dirty = true
  private wake: (() => void) | null = null
  private closed = false
  private readonly stopListening: () => void

  constructor(
    private readonly store: PlayerEventStore,
    bus: UpdateBus,
    private readonly playerId: string,
    private readonly caller: Caller,
    /** null: open with the pending state; a number: replay the kept events after it. */
    private readonly after: number | null,
  ) {
    // Listening starts before anything is read, so that an event committed during the replay is read after it; once
    // Redis confirms the subscription the events are read again, as one committed before it was told to nobody.
    this.stopListening = onPlayerEvent(
      bus,
      playerId,
      () => this.wakeUp(),
      () => this.wakeUp(),
    )
    PlayerFeed.open.add(this)
  }

  private wakeUp(): void {
    this.dirty = true
    this.wake?.()
  }

  async next(): Promise<IteratorResult<FeedEvent>> {
    for (;;) {
      if (this.closed) return { done: true, value: undefined }
      const item = this.buffer.shift()
      if (item) return { done: false, value: item }
      if (this.phase === 'open') await this.start()
      else if (this.phase === 'replay') await this.read()
      else if (this.dirty) await this.read()
      else await new Promise<void>(resolve => (this.wake = resolve))
    }
  }

  /** Replays from `after` when every event after it is still kept; else the pending state, then synced. */
  private async start(): Promise<void> {
    const position = await this.store.position(this.playerId, this.after ?? 0)
    // An `after` beyond the latest seq (a client that kept a number from a reset server) is treated as if pruned.
    if (this.after !== null && !position.pruned && this.after <= position.latest) {
      this.last = this.after
      this.phase = 'replay'
      return
    }
    this.last = position.latest
    this.buffer.push(...(await this.store.pending(this.playerId, this.caller)), this.synced())
    this.phase = 'live'
  }

  /** The next page of kept events after `last`; a short page ends the replay with synced. */
  private async read(): Promise<void> {
    this.dirty = false
    const page = await this.store.after(this.playerId, this.last)
    for (const e of page) this.buffer.push({ ...e, pending: false })
    if (page.length) this.last = page[page.length - 1]!.seq
    if (page.length === EVENT_PAGE) this.dirty = true
    else if (this.phase === 'replay') {
      this.buffer.push(this.synced())
      this.phase = 'live'
    }
  }

  private synced(): FeedEvent {
    return { type: 'synced', matchId: null, at: new Date().toISOString(), seq: this.last, pending: false }
  }

  async return(): Promise<IteratorResult<FeedEvent>> {
    if (!this.closed) {
      this.closed = true
      PlayerFeed.open.delete(this)
      this.stopListening()
      this.wake?.()
    }
    return { done: true, value: undefined }
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<FeedEvent> {
    return this
  }
}
