/** The lobby over REST: joining, leaving, declining, resigning, aborting, rematches, open matches. */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { Caller } from '../../service/index.ts'
import { joinMatchFields } from '../../service/schemas.ts'
import * as v from '../../service/views.ts'
import { responses } from './openapi.ts'
import {
  SEAT_ERRORS,
  bearer,
  caller,
  gameQuery,
  idParam,
  input,
  parse,
  playerBearer,
  seatBody,
  routeExamples,
  type RestOptions,
} from './route-support.ts'

const joinBody = joinMatchFields.omit({ matchId: true })

export async function lobbyRoutes(app: FastifyInstance, opts: RestOptions): Promise<void> {
  const { matches, lobby } = opts.services
  const { sampleDeck } = routeExamples(opts.services)

  app.post<{ Params: { id: string } }>(
    '/matches/:id/join',
    {
      schema: {
        operationId: 'joinMatch',
        tags: ['lobby'],
        summary: 'Take an open or reserved seat with a deck',
        params: idParam,
        body: input(
          joinBody,
          sampleDeck
            ? { inviteCode: '<the code from createMatch>', deck: sampleDeck.deck, entropy: "bob's dice" }
            : undefined,
        ),
        security: playerBearer,
        response: responses(
          { schema: v.joinedMatchView, description: 'The match and the seat token' },
          ['NOT_FOUND', 'UNAUTHENTICATED', 'SEAT_TAKEN', 'INVITE_INVALID', 'DECK_ILLEGAL', 'ILLEGAL_ACTION'],
          true,
        ),
      },
    },
    async req => lobby.join({ ...(req.body as object), matchId: req.params.id } as never, caller(req)),
  )

  for (const [path, operationId, summary, view, run] of [
    [
      'leave',
      'leaveMatch',
      'WAITING only: free the caller’s seat',
      v.matchView,
      (a: { matchId: string; seat?: number | null }, c: Caller) => lobby.leave(a, c),
    ],
    [
      'decline',
      'declineInvitation',
      'Refuse an invitation: the match ends ABORTED (endReason "declined")',
      v.matchView,
      (a: { matchId: string; seat?: number | null }, c: Caller) => lobby.decline(a, c),
    ],
    [
      'resign',
      'resign',
      'Resign the caller’s seat (any time while ACTIVE)',
      v.matchView,
      (a: { matchId: string; seat?: number | null }, c: Caller) => matches.resign(a, c),
    ],
    [
      'abort',
      'abort',
      'Abort: while WAITING, or before every seat has moved',
      v.matchView,
      (a: { matchId: string; seat?: number | null }, c: Caller) => matches.abort(a, c),
    ],
    [
      'rematch',
      'offerRematch',
      'Offer a rematch of a FINISHED match',
      v.joinedMatchView,
      (a: { matchId: string; seat?: number | null }, c: Caller) => lobby.offerRematch(a, c),
    ],
  ] as const) {
    app.post<{ Params: { id: string } }>(
      `/matches/:id/${path}`,
      {
        schema: {
          operationId,
          tags: ['lobby'],
          summary,
          params: idParam,
          body: input(seatBody, {}),
          security: bearer,
          response: responses({ schema: view, description: 'The match after it' }, SEAT_ERRORS, true),
        },
      },
      async req => run({ matchId: req.params.id, seat: parse(seatBody, req.body).seat }, caller(req)),
    )
  }

  app.get(
    '/open-matches',
    {
      schema: {
        operationId: 'listOpenMatches',
        tags: ['lobby'],
        summary: 'Public WAITING matches with a free seat',
        querystring: input(gameQuery),
        response: responses({ schema: z.array(v.matchView), description: 'The matches' }),
      },
    },
    async req => lobby.openMatches(parse(gameQuery, req.query).game),
  )
}
