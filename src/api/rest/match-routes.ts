/** Matches over REST: views, logs, actions, draws, takebacks, exports and the match stream. */
import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { ServiceError } from '../../service/index.ts'
import { createMatchInput, submitActionFields } from '../../service/schemas.ts'
import * as v from '../../service/views.ts'
import { exportLineView, exportQuery } from '../../service/dataset-export.ts'
import { fullMatch } from './match-json.ts'
import { ndjson, responses } from './openapi.ts'
import {
  MATCH_ERRORS,
  SEAT_ERRORS,
  bearer,
  caller,
  idParam,
  input,
  parse,
  seatBody,
  routeExamples,
  type RestOptions,
} from './route-support.ts'
import { streamMatch } from './stream.ts'

// The match id comes from the path; the service parses the whole input with submitActionInput.
const actionBody = submitActionFields.omit({ matchId: true })

const logQuery = z.object({
  after: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
})

const viewQuery = z.object({
  minVersion: z.coerce.number().int().min(0).optional(),
  seat: z.coerce.number().int().min(0).max(7).optional(),
})

const streamQuery = viewQuery.pick({ seat: true })

async function* ndjsonLines(values: AsyncIterable<unknown>): AsyncIterable<string> {
  for await (const value of values) yield `${JSON.stringify(value)}\n`
}

const drawAnswerBody = z.object({ accept: z.boolean(), seat: z.number().int().nullish() })

const takebackBody = z.object({ toVersion: z.number().int(), seat: z.number().int().nullish() })

export async function matchRoutes(app: FastifyInstance, opts: RestOptions): Promise<void> {
  const { matches, verification } = opts.services
  const { example, sampleDeck, sampleAction } = routeExamples(opts.services)

  app.post(
    '/matches',
    {
      schema: {
        operationId: 'createMatch',
        tags: ['matches'],
        summary: 'Create a match; returns each seat token once',
        body: input(
          createMatchInput,
          example && sampleDeck
            ? {
                game: example.id,
                seats: [
                  { deck: sampleDeck.deck, name: 'Ann' },
                  { deck: sampleDeck.deck, name: 'Bob' },
                ],
              }
            : undefined,
        ),
        security: [{ playerKey: [] }, {}],
        response: responses(
          { status: 201, schema: v.createdMatchView, description: 'The match and its seat tokens' },
          ['NOT_FOUND', 'DECK_ILLEGAL', 'ILLEGAL_ACTION', 'UNAUTHENTICATED', 'INVITATION_BLOCKED'],
          true,
        ),
      },
    },
    async (req, reply) => {
      reply.status(201)
      return matches.create(req.body as never, caller(req))
    },
  )

  app.get<{ Params: { id: string } }>(
    '/matches/:id',
    {
      schema: {
        operationId: 'getMatch',
        tags: ['matches'],
        summary: "The caller's view (spectator without a token)",
        params: idParam,
        querystring: input(viewQuery),
        security: bearer,
        response: responses(
          {
            schema: v.fullMatchView,
            description:
              'The match as the caller sees it, with every field of GraphQL’s Match but log, transcript and chat',
          },
          MATCH_ERRORS,
        ),
      },
    },
    async req => {
      const q = parse(viewQuery, req.query)
      const m = await matches.get(req.params.id, caller(req), q.minVersion ?? 0, q.seat)
      if (!m) throw new ServiceError('NOT_FOUND', `no match ${req.params.id}`)
      return fullMatch(opts.services, m, caller(req))
    },
  )

  app.get<{ Params: { id: string } }>(
    '/matches/:id/log',
    {
      schema: {
        operationId: 'getMatchLog',
        tags: ['matches'],
        summary: 'The action log after seq `after`, at most `limit` entries (default 100, at most 500)',
        params: idParam,
        querystring: input(logQuery),
        security: bearer,
        response: responses(
          { schema: z.array(v.logEntryView), description: 'Log entries, redacted for the caller' },
          MATCH_ERRORS,
        ),
      },
    },
    async req => matches.log(req.params.id, caller(req), parse(logQuery, req.query)),
  )

  app.get<{ Params: { id: string } }>(
    '/matches/:id/transcript',
    {
      schema: {
        operationId: 'getTranscript',
        tags: ['matches'],
        summary: 'The match in words, redacted for the caller',
        params: idParam,
        security: bearer,
        response: responses({ schema: z.array(z.string()), description: 'One line per action or event' }, MATCH_ERRORS),
      },
    },
    async req => matches.transcript(req.params.id, caller(req)),
  )

  app.get<{ Params: { id: string } }>(
    '/matches/:id/legal-actions',
    {
      schema: {
        operationId: 'listLegalActions',
        tags: ['matches'],
        summary:
          "The caller's legal actions; each id may be submitted as actionId while the match stays at this version",
        params: idParam,
        querystring: input(viewQuery),
        security: bearer,
        response: responses(
          { schema: z.array(v.legalActionView), description: 'The choices of the caller now' },
          MATCH_ERRORS,
        ),
      },
    },
    async req => {
      const q = parse(viewQuery, req.query)
      return matches.legalActions(req.params.id, caller(req), { seat: q.seat, minVersion: q.minVersion ?? 0 })
    },
  )

  app.get(
    '/matches/export',
    {
      schema: {
        operationId: 'exportMatches',
        tags: ['matches'],
        summary:
          'Finished matches as dataset lines (NDJSON, the format of `arbiter sim --out` games.jsonl), oldest end first, a page at a time',
        querystring: input(exportQuery),
        response: ndjson(
          exportLineView,
          'One finished match per line; pass the last line’s id as `after` for the next page',
          ['NOT_FOUND'],
        ),
      },
    },
    async (req, reply) => {
      const page = await verification.exportFinished(req.query)
      void reply.type('application/x-ndjson')
      return Readable.from(ndjsonLines(page))
    },
  )

  app.get<{ Params: { id: string } }>(
    '/matches/:id/export',
    {
      schema: {
        operationId: 'exportMatch',
        tags: ['matches'],
        summary: 'After the end: decks, options, seed, entropies and the full log, to replay and check',
        params: idParam,
        response: responses({ schema: v.matchExportView, description: 'Everything needed to replay the match' }, [
          'NOT_FOUND',
          'ILLEGAL_ACTION',
        ]),
      },
    },
    async req => verification.export(req.params.id),
  )

  app.get<{ Params: { id: string } }>(
    '/matches/:id/verify',
    {
      schema: {
        operationId: 'verifyMatch',
        tags: ['matches'],
        summary: 'After the end: the seed against its commitment, the replay against the snapshot',
        params: idParam,
        response: responses({ schema: v.verificationView, description: 'The verdict' }, [
          'NOT_FOUND',
          'ILLEGAL_ACTION',
        ]),
      },
    },
    async req => verification.verify(req.params.id),
  )

  app.post<{ Params: { id: string } }>(
    '/matches/:id/actions',
    {
      schema: {
        operationId: 'submitAction',
        tags: ['matches'],
        summary: 'Submit an action (or an actionId) for the caller’s seat',
        params: idParam,
        body: input(
          actionBody,
          sampleAction ? { action: sampleAction, expectedVersion: 0, idempotencyKey: 'my-turn-1' } : undefined,
        ),
        security: bearer,
        response: responses(
          { schema: v.actionResultView, description: "The events, the match after them and the caller's next choices" },
          [...SEAT_ERRORS, 'VERSION_CONFLICT', 'IDEMPOTENCY_KEY_REUSED'],
          true,
        ),
      },
    },
    async req => matches.submit({ ...(req.body as object), matchId: req.params.id }, caller(req)),
  )

  app.post<{ Params: { id: string } }>(
    '/matches/:id/draw',
    {
      schema: {
        operationId: 'offerDraw',
        tags: ['matches'],
        summary:
          "Offer a draw (ACTIVE, in a game with a draw result: Game.draws; else ILLEGAL_ACTION); withdrawn by the offerer's next decision",
        params: idParam,
        body: input(seatBody, {}),
        security: bearer,
        response: responses(
          { schema: v.matchView, description: 'The match' },
          [...SEAT_ERRORS, 'VERSION_CONFLICT'],
          true,
        ),
      },
    },
    async req =>
      opts.services.draws.offer(caller(req), { matchId: req.params.id, seat: parse(seatBody, req.body).seat }),
  )

  app.post<{ Params: { id: string } }>(
    '/matches/:id/draw/answer',
    {
      schema: {
        operationId: 'answerDraw',
        tags: ['matches'],
        summary:
          'Answer the standing draw offer: all other seats accept → FINISHED, winners [], endReason "draw agreed"; one declines → the offer ends',
        params: idParam,
        body: input(drawAnswerBody, { accept: true }),
        security: bearer,
        response: responses(
          { schema: v.matchView, description: 'The match after it' },
          [...SEAT_ERRORS, 'VERSION_CONFLICT'],
          true,
        ),
      },
    },
    async req => opts.services.draws.answer(caller(req), { ...(req.body as object), matchId: req.params.id }),
  )

  app.post<{ Params: { id: string } }>(
    '/matches/:id/takeback',
    {
      schema: {
        operationId: 'requestTakeback',
        tags: ['matches'],
        summary:
          'Ask to return the match to version toVersion (0 ≤ toVersion < version): every other seat answers. TAKEBACK_REFUSED (reason RANDOM_USED, HIDDEN_REVEALED or NOT_ALLOWED) past a roll, a shuffle or a reveal, or where the match does not allow takebacks; one request at a time (ILLEGAL_ACTION); any new version ends it',
        params: idParam,
        body: input(takebackBody, { toVersion: 0 }),
        security: bearer,
        response: responses(
          {
            schema: v.matchView,
            description: 'The match, with the request pending (or taken back at once when no other seat is to ask)',
          },
          [...SEAT_ERRORS, 'VERSION_CONFLICT', 'TAKEBACK_REFUSED'],
          true,
        ),
      },
    },
    async req => opts.services.takebacks.request(caller(req), { ...(req.body as object), matchId: req.params.id }),
  )

  app.post<{ Params: { id: string } }>(
    '/matches/:id/takeback/answer',
    {
      schema: {
        operationId: 'answerTakeback',
        tags: ['matches'],
        summary:
          "Answer the pending takeback: all other seats accept → a new version whose state is that of toVersion; one declines → the request ends; the requester's own accept: false withdraws it",
        params: idParam,
        body: input(drawAnswerBody, { accept: true }),
        security: bearer,
        response: responses(
          { schema: v.matchView, description: 'The match after it' },
          [...SEAT_ERRORS, 'VERSION_CONFLICT'],
          true,
        ),
      },
    },
    async req => opts.services.takebacks.answer(caller(req), { ...(req.body as object), matchId: req.params.id }),
  )

  app.get<{ Params: { id: string } }>(
    '/matches/:id/stream',
    {
      schema: {
        operationId: 'streamMatch',
        tags: ['matches'],
        summary:
          "A stream of the caller's view (NDJSON): the current view, then one line per action (and one when a waiting match starts), until the match ends",
        params: idParam,
        querystring: input(streamQuery),
        security: bearer,
        response: ndjson(
          v.fullMatchView,
          "One Match per line: the current view, then every newer version, with the caller's choices",
          MATCH_ERRORS,
        ),
      },
    },
    async (req, reply) =>
      streamMatch(
        req,
        reply,
        opts.services,
        opts.watchers,
        caller(req),
        parse(streamQuery, req.query).seat ?? null,
        opts.streams,
        opts.bus,
      ),
  )
}
