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
    if (typeof message === 'string' && MESSAGES.some(m => m.test(message))) return true
    if (
      Array.isArray((e as { errors?: unknown }).errors) &&
      (e as { errors: unknown[] }).errors.some(isConnectionError)
    )
      return true
  }
  return false
}

// SQLSTATE class 22 (data exception: a NUL or invalid UTF-8 in text, an unsupported \u0000 escape in jsonb,
// a number out of range), with the names Prisma and its adapters give the same failures.
const DATA_CODES = new Set(['P2000', 'P2007', 'P2020', 'P2023', 'P2033'])
const DATA_KINDS = new Set(['LengthMismatch', 'InvalidInputValue', 'ValueOutOfRange', 'InconsistentColumnData'])
const DATA_MESSAGES = [
  /invalid byte sequence for encoding/i,
  /unsupported Unicode escape sequence/i,
  /out of range for type/i,
  /Unable to fit value .* into a/i,
]

/** True when the database refused a value the client sent (so the request is a 400, not a 500). */
export function isBadDataError(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, kind, message } = e as { code?: unknown; kind?: unknown; message?: unknown }
    if (typeof code === 'string' && (DATA_CODES.has(code) || /^22[0-9A-Z]{3}$/.test(code))) return true
    if (typeof kind === 'string' && DATA_KINDS.has(kind)) return true
    if (typeof message === 'string' && DATA_MESSAGES.some(m => m.test(message))) return true
  }
  return false
}
