/** Tournament arithmetic, pure: standings with their tie-breaks, Swiss pairings, round-robin rounds. */

/** A decided or pending board: players in seat order (one for a bye), `points` in the same order once decided. */
export interface Board {
  round: number
  players: string[]
  points: number[] | null
}

export interface Entrant {
  playerId: string
  /** Join order: the last tie-break. */
  order: number
  withdrawn: boolean
}

export interface StandingRow {
  rank: number
  playerId: string
  points: number
  buchholz: number
  sonnebornBerger: number
  wins: number
  draws: number
  losses: number
  byes: number
  withdrawn: boolean
}

/** Points of a bye, as of a win. */
export const BYE_POINTS = 1

/**
 * Standings: points, then Buchholz (the sum of the final points of every opponent played; a bye adds nothing), then
 * Sonneborn–Berger (the final points of the opponents beaten plus half those drawn), then wins, then join order.
 * Boards not decided yet count nothing. A duplicate pair's board scores the mean of its two matches (0.75, 0.25 and
 * such): above half counts as a win, below as a loss, and Sonneborn–Berger adds the opponent's points times the
 * score (which is the rule above for 1, 0.5 and 0).
 */
export function standings(entrants: readonly Entrant[], boards: readonly Board[]): StandingRow[] {
  const rows = new Map(
    entrants.map(e => [
      e.playerId,
      {
        entrant: e,
        points: 0,
        wins: 0,
        draws: 0,
        losses: 0,
        byes: 0,
        games: [] as { opponent: string; score: number }[],
      },
    ]),
  )
  for (const b of boards) {
    if (!b.points) continue
    if (b.players.length === 1) {
      const r = rows.get(b.players[0]!)
      if (r) {
        r.points += BYE_POINTS
        r.byes++
      }
      continue
    }
    b.players.forEach((p, i) => {
      const r = rows.get(p)
      if (!r) return
      const score = b.points![i]!
      const opponent = b.players[1 - i]!
      r.points += score
      if (score > 0.5) r.wins++
      else if (score === 0.5) r.draws++
      else r.losses++
      r.games.push({ opponent, score })
    })
  }
  const final = (p: string) => rows.get(p)?.points ?? 0
  const scored = [...rows.values()].map(r => ({
    playerId: r.entrant.playerId,
    order: r.entrant.order,
    points: r.points,
    buchholz: r.games.reduce((s, g) => s + final(g.opponent), 0),
    sonnebornBerger: r.games.reduce((s, g) => s + g.score * final(g.opponent), 0),
    wins: r.wins,
    draws: r.draws,
    losses: r.losses,
    byes: r.byes,
    withdrawn: r.entrant.withdrawn,
  }))
  scored.sort(
    (a, b) =>
      b.points - a.points ||
      b.buchholz - a.buchholz ||
      b.sonnebornBerger - a.sonnebornBerger ||
      b.wins - a.wins ||
      a.order - b.order,
  )
  return scored.map(({ order: _order, ...r }, i) => ({ rank: i + 1, ...r }))
}

export interface SwissPlayer {
  playerId: string
  points: number
  rating: number
  order: number
}

export interface RoundPlan {
  /** Each pair in seat order, highest-ranked first. */
  pairs: [string, string][]
  bye: string | null
}

/** Search steps a Swiss pairing may take before it settles for the best pairing found so far. */
const SEARCH_LIMIT = 200_000

/**
 * One Swiss round. The players (the active entrants) are ranked by points, then rating, then join order; with an odd
 * number, the bye goes to the lowest-ranked one that has had none (and with whom the rest can still be paired); the
 * rest are paired, never two who already met, with as many pairs of equal points as possible, the higher-ranked
 * paired first among such pairings. Seat 0 goes to the player who has had it less often (the higher-ranked on a tie).
 * Null when no pairing without a repeat exists.
 */
export function swissRound(players: readonly SwissPlayer[], boards: readonly Board[]): RoundPlan | null {
  const ranked = [...players].sort((a, b) => b.points - a.points || b.rating - a.rating || a.order - b.order)
  const met = new Set<string>()
  const byes = new Set<string>()
  const firstSeats = new Map<string, number>()
  for (const b of boards) {
    if (b.players.length === 1) byes.add(b.players[0]!)
    else {
      met.add(`${b.players[0]}|${b.players[1]}`).add(`${b.players[1]}|${b.players[0]}`)
      firstSeats.set(b.players[0]!, (firstSeats.get(b.players[0]!) ?? 0) + 1)
    }
  }
  const byeCandidates = ranked.length % 2 === 0 ? [null] : [...ranked].reverse().filter(p => !byes.has(p.playerId))
  for (const bye of byeCandidates) {
    const rest = ranked.filter(p => p !== bye)
    const pairs = bestPairing(rest, (a, b) => !met.has(`${a.playerId}|${b.playerId}`))
    if (!pairs) continue
    const seated = pairs.map(([a, b]): [string, string] =>
      (firstSeats.get(b.playerId) ?? 0) < (firstSeats.get(a.playerId) ?? 0)
        ? [b.playerId, a.playerId]
        : [a.playerId, b.playerId],
    )
    return { pairs: seated, bye: bye?.playerId ?? null }
  }
  return null
}

/**
 * A perfect pairing of `ranked` (in rank order) by `allowed`, with the most pairs of equal points; searched
 * highest-ranked first, each partner tried equal points first, then in rank order, so that the first best found is
 * the one pairing the higher-ranked first.
 */
function bestPairing(
  ranked: readonly SwissPlayer[],
  allowed: (a: SwissPlayer, b: SwissPlayer) => boolean,
): [SwissPlayer, SwissPlayer][] | null {
  let best: { pairs: [SwissPlayer, SwissPlayer][]; equal: number } | null = null
  let steps = 0
  const free = new Set(ranked)
  const chosen: [SwissPlayer, SwissPlayer][] = []
  const search = (equal: number): void => {
    if (steps++ > SEARCH_LIMIT) return
    if (free.size === 0) {
      if (!best || equal > best.equal) best = { pairs: [...chosen], equal }
      return
    }
    // Every remaining pair of equal points could not beat the best found.
    if (best && equal + free.size / 2 <= best.equal) return
    const top = ranked.find(p => free.has(p))!
    free.delete(top)
    const partners = ranked.filter(p => free.has(p) && allowed(top, p))
    partners.sort((a, b) => Number(b.points === top.points) - Number(a.points === top.points))
    for (const partner of partners) {
      free.delete(partner)
      chosen.push([top, partner])
      search(equal + (partner.points === top.points ? 1 : 0))
      chosen.pop()
      free.add(partner)
    }
    free.add(top)
  }
  search(0)
  return best ? (best as { pairs: [SwissPlayer, SwissPlayer][] }).pairs : null
}

/** Rounds of a round-robin of n entrants: n − 1, or n when n is odd (one bye each). */
export function roundRobinRounds(n: number): number {
  return n % 2 === 0 ? n - 1 : n
}

/**
 * Round `round` (1-based) of a round-robin by the circle method over `players` (in join order): the first stays, the
 * others turn; with an odd number, the player facing the empty place has the bye. Seats alternate by round.
 */
export function roundRobinRound(players: readonly string[], round: number): RoundPlan {
  const circle: (string | null)[] = players.length % 2 === 0 ? [...players] : [...players, null]
  const n = circle.length
  const turned = [
    circle[0]!,
    ...Array.from({ length: n - 1 }, (_, i) => circle[1 + ((i + (round - 1) * (n - 2)) % (n - 1))]!),
  ]
  const pairs: [string, string][] = []
  let bye: string | null = null
  for (let i = 0; i < n / 2; i++) {
    const a = turned[i]!
    const b = turned[n - 1 - i]!
    if (a === null || b === null) bye = a ?? b
    else pairs.push(round % 2 === 0 ? [b, a] : [a, b])
  }
  return { pairs, bye }
}
