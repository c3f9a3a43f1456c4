/** The codes a client can rely on; `reason` may add a finer, engine-specific code (e.g. INSUFFICIENT_FUNDS). */
export type RuleViolationCode = 'NOT_YOUR_DECISION' | 'ILLEGAL_ACTION' | 'MATCH_FINISHED'

/**
 * Thrown by an engine's apply when an action breaks a rule. `rule` is the catalogue ID (CP-…, DT-…, CN-…,
 * or CR … for the official Cyberpunk rules) that the action breaks. An engine throws it before changing anything.
 */
export class RuleViolation extends Error {
  readonly code: RuleViolationCode
  readonly rule: string
  readonly reason: string | undefined

  constructor(code: RuleViolationCode, rule: string, message: string, reason?: string) {
    super(message)
    this.name = 'RuleViolation'
    this.code = code
    this.rule = rule
    this.reason = reason
  }
}

export function illegal(rule: string, message: string, reason?: string): RuleViolation {
  return new RuleViolation('ILLEGAL_ACTION', rule, message, reason)
}
