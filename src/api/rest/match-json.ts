/** A match as REST sends it: the view with every field GraphQL's Match resolves (seats' players, seed, rematch, legalActions). */
import type { Caller, LegalActionView, MatchView, Services } from '../../service/index.ts'
import type { PlayerView } from '../../service/players.ts'

export type FullMatch = Omit<MatchView, 'seats'> & {
  seats: (MatchView['seats'][number] & { player: PlayerView | null })[]
  seed: string | null
  rematch: string | null
  legalActions?: LegalActionView[]
}

/**
 * The fields Match's GraphQL resolvers add, added here: `seed` once ended, `rematch` once finished, each seat's
 * `player` (its public view), and the caller's `legalActions` at the view's version (as Match.legalActions without
 * a seat; absent when a newer version was committed meanwhile, for a streamed line that the next line replaces).
 */
export async function fullMatch(services: Services, view: MatchView & { legalActions?: LegalActionView[] }, caller: Caller): Promise<FullMatch> {
  const ended = view.status === 'FINISHED' || view.status === 'ABORTED'
  const [seed, rematch, players, choices] = await Promise.all([
    ended ? services.verification.seed(view.id) : null,
    view.status === 'FINISHED' ? services.lobby.rematchOf(view.id) : null,
    services.players.publicViews(view.seats.flatMap((s) => (s.playerId ? [s.playerId] : []))),
    view.legalActions !== undefined ? view : services.matches.withChoices(view, caller).catch(() => view),
  ])
  return { ...choices, seats: view.seats.map((s) => ({ ...s, player: (s.playerId && players.get(s.playerId)) || null })), seed, rematch }
}
