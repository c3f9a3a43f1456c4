// Bot helpers: play one match to the end over its stream, or every match of a player over the player event stream.
import type { Arbiter, SeatOption } from './client.ts'
import { ArbiterError } from './errors.ts'
import type { StreamOptions } from './streams.ts'
import type { AnyGame, GameId, LegalAction, Match, ViewOf } from './types.ts'

export interface DecideContext<Id extends GameId = AnyGame> {
  view: ViewOf<Id>
  /** Never empty: `decide` is only asked when the seat has a choice to make. */
  legalActions: LegalAction<Id>[]
  match: Match<Id>
}

/** Picks one of `legalActions` (or its id). */
export type Decide<Id extends GameId = AnyGame> = (
  ctx: DecideContext<Id>,
) => LegalAction<Id> | string | Promise<LegalAction<Id> | string>

export interface PlayOptions extends StreamOptions, SeatOption {}

export interface OnMyTurnOptions extends StreamOptions {
  onFinished?: (match: Match) => void
  /** A match whose play failed; the others go on. Default: logged with console.error. */
  onError?: (error: unknown, matchId: string) => void
}

const REFUSALS = new Set(['NOT_YOUR_DECISION', 'ILLEGAL_ACTION', 'BAD_USER_INPUT', 'VERSION_CONFLICT'])

const ended = (m: { status: Match['status'] }) => m.status === 'FINISHED' || m.status === 'ABORTED'

/** Per match: the last version a decision was sent at, and the next choices a submit already returned. */
class Turns<Id extends GameId> {
  decided = -1
  /** The turn of the game (Match.turn) of the last decision sent. */
  turnDecided: number | null = null
  private next?: { version: number; legal: LegalAction<Id>[] }

  constructor(
    private readonly client: Arbiter,
    private readonly decide: Decide<Id>,
    private readonly seat?: number,
  ) {}

  /**
   * Decides and submits for as long as the seat is to act, starting from `match`, one request per decision
   * when the server returns the next choices with each result. Returns the newest match it saw.
   */
  async take(start: Match<Id>): Promise<Match<Id>> {
    let match = start
    for (;;) {
      if (!this.mustAct(match)) return match
      let legal = match.legalActions ?? (this.next?.version === match.version ? this.next.legal : undefined)
      if (!legal) {
        // A push without the choices: read them with the view they belong to.
        const fresh = await this.client.matchWithChoices<Id>(match.id, { seat: this.seat, minVersion: match.version })
        if (!fresh) return match
        match = fresh
        legal = fresh.legalActions
        if (!this.mustAct(match)) return match
      }
      if (legal.length === 0) return match
      const choice = await this.decide({ view: match.view, legalActions: legal, match })
      this.decided = match.version
      try {
        // No expectedVersion: when seats decide at once, the server re-checks this choice against whatever the
        // other seat did first, instead of refusing it because the version moved.
        this.turnDecided = match.turn ?? null
        const res = await this.client.submitAction<Id>({
          matchId: match.id,
          actionId: typeof choice === 'string' ? choice : choice.id,
          seat: this.seat,
        })
        this.next = { version: res.match.version, legal: res.legalActions }
        match = res.match
      } catch (e) {
        if (!(e instanceof ArbiterError && REFUSALS.has(e.code))) throw e
        // Another seat's action came first and made this choice moot: decide again on the new version.
        const now = await this.client.matchWithChoices<Id>(match.id, { seat: this.seat })
        if (!now || now.version <= match.version) throw e
        match = now
      }
    }
  }

  /** The match is on, this seat is to act in it, and this version has not been decided yet. */
  private mustAct(match: Match<Id>): boolean {
    const seat = this.seat ?? match.seat
    if (seat === null)
      throw new ArbiterError({
        code: 'UNAUTHENTICATED',
        message: 'playing needs a seat token or a player key with a seat in this match',
        status: 0,
      })
    return !ended(match) && match.version > this.decided && match.toAct.includes(seat)
  }
}

export async function play<Id extends GameId>(
  client: Arbiter,
  matchId: string,
  decide: Decide<Id>,
  opts: PlayOptions = {},
): Promise<Match<Id>> {
  const turns = new Turns(client, decide, opts.seat)
  let latest: Match<Id> | undefined
  for await (const pushed of client.matchStream<Id>(matchId, opts)) {
    if (latest && pushed.version <= latest.version) continue
    latest = await turns.take(pushed)
    if (ended(latest)) return latest
  }
  if (!latest)
    throw new ArbiterError({ code: 'ABORTED', message: `stopped before match ${matchId} was seen`, status: 0 })
  return latest
}

/**
 * yourTurn comes once per seat and turn of the game: within a turn in which the seat decided, it may be asked again
 * without one (another seat's reaction handed the turn back), so the match is followed, and played, until the turn
 * in which it last decided has passed.
 */
async function followTurn(
  client: Arbiter,
  turns: Turns<AnyGame>,
  start: Match,
  seat: number | null,
  signal?: AbortSignal,
): Promise<Match> {
  let latest = start
  const stop = new AbortController()
  const abort = () => stop.abort()
  signal?.addEventListener('abort', abort)
  try {
    for await (const pushed of client.matchStream(start.id, { seat: seat ?? undefined, signal: stop.signal })) {
      if (pushed.version <= latest.version) continue
      latest = await turns.take(pushed)
      if (ended(latest) || latest.turn !== turns.turnDecided) return latest
    }
    return latest
  } finally {
    signal?.removeEventListener('abort', abort)
    stop.abort()
  }
}

export async function onMyTurn(client: Arbiter, decide: Decide, opts: OnMyTurnOptions = {}): Promise<void> {
  const matches = new Map<string, { turns: Turns<AnyGame>; busy: Promise<void> }>()
  const over = new Set<string>()
  const onError = opts.onError ?? ((e, id) => console.error(`match ${id}:`, e))
  const finish = (m: Match) => {
    if (over.has(m.id)) return
    over.add(m.id)
    matches.delete(m.id)
    opts.onFinished?.(m)
  }

  // Turns of one match are taken one after another, so two pushes of one match never race.
  const act = (matchId: string, seat: number | null, known: Match | null) => {
    if (over.has(matchId)) return
    const entry = matches.get(matchId) ?? {
      turns: new Turns(client, decide, seat ?? undefined),
      busy: Promise.resolve(),
    }
    entry.busy = entry.busy.then(async () => {
      try {
        const current = known ?? (await client.match(matchId, { seat: seat ?? undefined }))
        if (!current) return
        const decided = entry.turns.decided
        let after = await entry.turns.take(current)
        if (!ended(after) && entry.turns.decided !== decided && after.turn === entry.turns.turnDecided)
          after = await followTurn(client, entry.turns, after, seat, opts.signal)
        if (ended(after)) finish(after)
      } catch (e) {
        onError(e, matchId)
      }
    })
    matches.set(matchId, entry)
  }

  // The player stream replays nothing: on every (re)connection, the turns already waiting are caught up.
  const catchUp = async () => {
    for (const m of await client.myMatches({ toAct: true })) act(m.id, m.seat, m)
    await opts.onConnect?.()
  }
  for await (const event of client.playerEvents({ ...opts, onConnect: catchUp })) {
    if (event.type === 'yourTurn' && event.matchId) act(event.matchId, event.match?.seat ?? null, event.match)
    // Ended by another seat's action, a resignation or a clock: nothing more to play.
    if (event.type === 'matchFinished' && event.match && matches.has(event.match.id)) finish(event.match)
  }
  await Promise.all([...matches.values()].map(m => m.busy))
}
