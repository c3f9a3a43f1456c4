// Each game's ruleset versions, newest first, and the engine that plays each: validation, matches and replays pick
// theirs here.
import type { AnyEngine } from '../kernel/index.ts'
import { ServiceError } from './errors.ts'

/**
 * One published version of a game's rules. `engine` is the engine frozen at that version when the current engine no
 * longer plays it (absent: the game's current engine, which the newest version always is). docs/rules/versions.md
 * is the changelog and says how a rules change bumps the version.
 */
export interface RulesVersion {
  version: string
  engine?: AnyEngine
}

/** The version a game without an entry (a test's own game) is at. */
export const FIRST_RULES_VERSION = '1.0.0'

/**
 * Newest first; a version the server can no longer play is removed from its list (its matches then cannot be replayed).
 */
export const RULES_VERSIONS: Readonly<Record<string, readonly RulesVersion[]>> = {
  'cyberpunk-tcg': [{ version: '1.0.0' }],
  'dice-throne-marvel': [{ version: '1.0.0' }],
  'cyber-net-cards': [{ version: '1.0.0' }],
}

/** The current version of `game`'s rules: the one a new match is created under and a deck is validated against. */
export function currentRulesVersion(
  game: string,
  table: Readonly<Record<string, readonly RulesVersion[]>> = RULES_VERSIONS,
): string {
  return table[game]?.[0]?.version ?? FIRST_RULES_VERSION
}

export class RulesBook {
  constructor(private readonly table: Readonly<Record<string, readonly RulesVersion[]>> = RULES_VERSIONS) {}

  current(game: string): string {
    return currentRulesVersion(game, this.table)
  }

  /** Every version this server can validate against and replay, newest first. */
  versions(game: string): string[] {
    return (this.table[game] ?? [{ version: FIRST_RULES_VERSION }]).map(v => v.version)
  }

  /**
   * The version a request names (the current one when none): RULES_VERSION_UNKNOWN (404) for one this server does not
   * have.
   */
  requested(game: string, version: string | null | undefined): string {
    if (version === undefined || version === null) return this.current(game)
    if (!this.versions(game).includes(version)) {
      throw new ServiceError(
        'RULES_VERSION_UNKNOWN',
        `${game} has no rules version '${version}'; it has ${this.versions(game).join(', ')}`,
      )
    }
    return version
  }

  /**
   * The engine that plays `game` under `version` (`current`: the registry's engine of the game). A version the server
   * no longer has is RULES_VERSION_UNAVAILABLE (410): a match recorded under it cannot be replayed here.
   */
  engine(game: string, version: string, current: AnyEngine): AnyEngine {
    const entries = this.table[game] ?? [{ version: FIRST_RULES_VERSION }]
    const index = entries.findIndex(v => v.version === version)
    if (index < 0) {
      throw new ServiceError(
        'RULES_VERSION_UNAVAILABLE',
        `${game} rules version ${version} is no longer on this server (it has ${this.versions(game).join(', ')}): the match cannot be replayed here`,
      )
    }
    return index === 0 ? current : (entries[index]!.engine ?? current)
  }
}
