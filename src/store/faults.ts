/** Recognises the errors that mean "the database is unreachable right now", as opposed to a bad query. */

// SQLSTATE classes 08 (connection exception) and 57P (operator intervention: terminated, shutting
// down, restarting), too many connections, socket errors, and Prisma's codes for the same failures.
const CODES = new Set([
  '53300',
  '57P01',
  '57P02',
  '57P03',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  'EHOSTUNREACH',
  'P1001',
  'P1002',
  'P1008',
  'P1017',
  'P2024',
])
const KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections'])
// node-postgres raises these without a code; PGlite says so once closed.
const MESSAGES = [
  /connection terminated/i,
  /not queryable/i,
  /timeout exceeded when trying to connect/i,
  /cannot use a pool after calling end/i,
  /pglite is closed/i,
  /connection (is )?closed/i,
]

/** True when `err` (or anything in its `cause` chain) is a lost or refused database connection. */
export function isConnectionError(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, kind, message } = e as { code?: unknown; kind?: unknown; message?: unknown }
    if (typeof code === 'string' && (CODES.has(code) || code.startsWith('08'))) return true
    if (typeof kind === 'string' && KINDS.has(kind)) return true
    if (typeof message === 'string' && MESSAGES.some((m) => m.test(message))) return true
    if (Array.isArray((e as { errors?: unknown }).errors) && (e as { errors: unknown[] }).errors.some(isConnectionError)) return true
  }
  return false
}
