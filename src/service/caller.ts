import type { Language } from '../kernel/index.ts'

/**
 * Who is calling: the bearer secret of the request (a seat token or a player key), if any, and the client's address.
 */
export interface Caller {
  token?: string | null
  /** The client's IP address (quotas count per address); absent for calls from inside the server. */
  address?: string | null
  /** The operator's name for the log (X-Arbiter-Operator), read only when the token is the operator key. */
  operator?: string | null
  /**
   * The request's language for words (its `lang` parameter, the bearer's player's preference, Accept-Language; absent:
   * English).
   */
  language?: Language
}
