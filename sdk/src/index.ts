// @arbiter/sdk: a typed client for the Arbiter rules service and helpers for writing bots.
export { Arbiter, type ArbiterOptions, type SeatOption } from './client.ts'
export { ArbiterError, type ArbiterErrorInit, type ErrorCode } from './errors.ts'
export type { Decide, DecideContext, OnMyTurnOptions, PlayOptions } from './play.ts'
export type { StreamOptions } from './streams.ts'
export type { RetryPolicy } from './transport.ts'
export type * from './types.ts'
export type * as graphql from './generated/graphql.ts'
export type * from './generated/games.ts'
