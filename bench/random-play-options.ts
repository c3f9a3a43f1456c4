/**
 * Match options for uniform random play (benchmarks, generic property tests). Cyberpunk TCG lists
 * `concede` among the legal actions by default, as players expect; a uniform random bot would then end
 * most games by conceding within a few decisions, so random play turns it off.
 */
export const RANDOM_PLAY_OPTIONS: Record<string, Record<string, unknown>> = {
  'cyberpunk-tcg': { concedeListed: false },
}

export function randomPlayOptions(gameId: string): Record<string, unknown> {
  return RANDOM_PLAY_OPTIONS[gameId] ?? {}
}
