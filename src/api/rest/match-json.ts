/**
 * A match as REST sends it: the view with every field GraphQL's Match resolves (seats' players, seed, rematch,
 * drawOffer, takeback, endReasonText, legalActions).
 */
import { DEFAULT_LANGUAGE } from '../../kernel/index.ts'
import type { Caller, DrawOfferView, LegalActionView, MatchView, Services, TakebackView } from '../../service/index.ts'
import type { PlayerView } from '../../service/players.ts'
import type { RatingView } from '../../service/ratings.ts'
import type { LadderEntryView } from '../../service/ladder.ts'

/** Adds to a player's view what GraphQL's Player resolves beside it (ratings, the caller's own ladder entries). */
export async function fullPlayer(services: Services, p: PlayerView, caller: Caller): Promise<FullPlayer> {
  const [ratings, ladder] = await Promise.all([services.ratings.of(p.id), services.ladder.mine(p.id, caller)])
  return { ...p, ratings, ladder }
}

/** A player with the fields GraphQL's Player resolves beside its view: its ratings, and its own ladder entries. */
export type FullPlayer = PlayerView & { ratings: RatingView[]; ladder: LadderEntryView[] }

export type FullMatch = Omit<MatchView, 'seats'> & {
  seats: (MatchView['seats'][number] & { player: FullPlayer | null })[]
  seed: string | null
  rematch: string | null
  drawOffer: DrawOfferView | null
  takeback: TakebackView | null
  endReasonText: string | null
  legalActions?: LegalActionView[]
}

/**
 * The fields Match's GraphQL resolvers add, added here: `seed` once ended, `rematch` once finished, each seat's
 * `player` (its public view), and the caller's `legalActions` at the view's version (as Match.legalActions without
 * a seat; absent when a newer version was committed meanwhile, for a streamed line that the next line replaces).
 */
export async function fullMatch(
  services: Services,
  view: MatchView & { legalActions?: LegalActionView[] },
  caller: Caller,
): Promise<FullMatch> {
  const ended = view.status === 'FINISHED' || view.status === 'ABORTED'
  const [seed, rematch, drawOffer, takeback, players, choices] = await Promise.all([
    ended ? services.verification.seed(view.id) : null,
    view.status === 'FINISHED' ? services.lobby.rematchOf(view.id) : null,
    view.status === 'ACTIVE' ? services.draws.current(view.id) : null,
    view.status === 'ACTIVE' ? services.takebacks.current(view.id) : null,
    services.players
      .publicViews(view.seats.flatMap(s => (s.playerId ? [s.playerId] : [])))
      .then(
        async views =>
          new Map(
            await Promise.all([...views].map(async ([id, p]) => [id, await fullPlayer(services, p, caller)] as const)),
          ),
      ),
    view.legalActions !== undefined ? view : services.matches.withChoices(view, caller).catch(() => view),
  ])
  const endReasonText = services.matches.endReasonText(view, caller.language ?? DEFAULT_LANGUAGE)
  return {
    ...choices,
    seats: view.seats.map(s => ({ ...s, player: (s.playerId && players.get(s.playerId)) || null })),
    seed,
    rematch,
    drawOffer,
    takeback,
    endReasonText,
  }
}
