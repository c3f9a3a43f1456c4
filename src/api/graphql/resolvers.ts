import type { IResolvers } from 'mercurius'
import { LANGUAGES } from '../../kernel/index.ts'
import {
  fieldLanguage,
  LABEL_IN,
  violationMessage,
  WORDS_IN,
  type Caller,
  type ChatMessageView,
  type LegalActionView,
  type LogEntryView,
  type MatchView,
  type Services,
} from '../../service/index.ts'
import type { DeckStats } from '../../service/deck-stats.ts'
import { competitionResolvers } from './competition-resolvers.ts'
import { JSONScalar } from './json-scalar.ts'

export interface GraphQLContext {
  caller: Caller
}

type SeatInfoView = MatchView['seats'][number]

/** A word field's `lang` argument. */
type LangArgs = { lang?: string | null }

/** A log entry's words in the field's language: as listed when it is the request's, else relabelled. */
async function logWords(
  entry: LogEntryView,
  a: LangArgs,
  ctx: GraphQLContext,
): Promise<{ label: string; eventTexts: string[] }> {
  const lang = fieldLanguage(a.lang, ctx.caller.language)
  const relabel = entry[WORDS_IN]
  return lang === (ctx.caller.language ?? 'en') || !relabel ? entry : relabel(lang)
}

/** Thin: every resolver hands its arguments to a service call, which parses them. */
export function buildResolvers(services: Services): IResolvers {
  const {
    catalog,
    decks,
    cardSets,
    matches,
    players,
    lobby,
    verification,
    admin,
    vacations,
    chat,
    draws,
    takebacks,
    deckLab,
  } = services
  const competition = competitionResolvers(services)
  return {
    ...competition,
    JSON: JSONScalar,
    Query: {
      languages: () => [...LANGUAGES],
      games: () => catalog.games(),
      game: (_: unknown, a: { id: string }) => catalog.game(a.id),
      cards: (_: unknown, a: unknown) => catalog.cards(a),
      searchCards: (_: unknown, a: unknown) => catalog.searchCards(a),
      validateDeck: async (_: unknown, a: { game: string; deck: unknown; rulesVersion?: string | null }) => {
        const { deck, sets } = await cardSets.resolve(a.game, a.deck)
        return decks.tools.validate(a.game, deck, a.rulesVersion, sets)
      },
      importDeck: (_: unknown, a: unknown) => decks.tools.importDeck(a),
      exportDeck: async (
        _: unknown,
        a: { deckId?: string | null; game?: string | null; deck?: unknown; format?: string | null },
      ) => (await decks.exportDeck(a)).text,
      deckCode: (_: unknown, a: unknown) => decks.tools.deckCode(a),
      deckFromCode: (_: unknown, a: { code: string }) => decks.tools.deckFromCode(a.code),
      deckLabRun: (_: unknown, a: { id: string }, ctx: GraphQLContext) => deckLab.get(a.id, ctx.caller),
      myDeckLabRuns: (_: unknown, _a: unknown, ctx: GraphQLContext) => deckLab.mine(ctx.caller),
      deck: (_: unknown, a: { id: string }) => decks.get(a.id),
      myDecks: (_: unknown, a: { game?: string | null }, ctx: GraphQLContext) => decks.mine(ctx.caller, a),
      cardSet: (_: unknown, a: { id: string; version?: number | null }) => cardSets.get(a),
      cardSets: (_: unknown, a: { game?: string | null }, ctx: GraphQLContext) => cardSets.mine(ctx.caller, a),
      testCard: (_: unknown, a: { game: string; card: unknown; scenario?: unknown; sets?: string[] | null }) =>
        cardSets.testCard(a),
      match: (_: unknown, a: { id: string; minVersion?: number | null; seat?: number | null }, ctx: GraphQLContext) =>
        matches.get(a.id, ctx.caller, a.minVersion ?? 0, a.seat),
      legalActions: (
        _: unknown,
        a: { matchId: string; minVersion?: number | null; seat?: number | null },
        ctx: GraphQLContext,
      ) => matches.legalActions(a.matchId, ctx.caller, { seat: a.seat, minVersion: a.minVersion ?? 0 }),
      me: (_: unknown, _a: unknown, ctx: GraphQLContext) => players.me(ctx.caller),
      myMatches: (_: unknown, a: { status?: never; toAct?: boolean | null }, ctx: GraphQLContext) =>
        lobby.myMatches(ctx.caller, a),
      openMatches: (_: unknown, a: { game?: string | null }) => lobby.openMatches(a.game),
      webhookDeliveries: (_: unknown, a: { limit?: number | null }, ctx: GraphQLContext) =>
        players.deliveries(ctx.caller, a.limit),
      verifyMatch: (_: unknown, a: { id: string }) => verification.verify(a.id),
      adminMatches: (_: unknown, a: unknown, ctx: GraphQLContext) => admin.listMatches(ctx.caller, a),
      adminPlayers: (_: unknown, a: unknown, ctx: GraphQLContext) => admin.listPlayers(ctx.caller, a),
      adminLog: (_: unknown, a: unknown, ctx: GraphQLContext) => admin.log(ctx.caller, a),
      ...competition.Query,
    },
    Mutation: {
      saveDeck: (_: unknown, a: { game: string; name: string; deck: unknown }, ctx: GraphQLContext) =>
        decks.save(a, ctx.caller),
      updateDeck: (_: unknown, a: { id: string; name?: string | null; deck?: unknown }, ctx: GraphQLContext) =>
        decks.update(a, ctx.caller),
      deleteDeck: (_: unknown, a: { id: string }, ctx: GraphQLContext) => decks.delete(a.id, ctx.caller),
      createCardSet: (_: unknown, a: { game: string; name: string; cards: unknown[] }, ctx: GraphQLContext) =>
        cardSets.create(a, ctx.caller),
      updateCardSet: (
        _: unknown,
        a: { id: string; name?: string | null; cards?: unknown[] | null },
        ctx: GraphQLContext,
      ) => cardSets.update(a, ctx.caller),
      deckLab: (_: unknown, a: unknown, ctx: GraphQLContext) => deckLab.request(ctx.caller, a),
      cancelDeckLab: (_: unknown, a: { id: string }, ctx: GraphQLContext) => deckLab.cancel(a.id, ctx.caller),
      createMatch: (_: unknown, a: { input: Parameters<typeof matches.create>[0] }, ctx: GraphQLContext) =>
        matches.create(a.input, ctx.caller),
      submitAction: (_: unknown, a: { input: unknown }, ctx: GraphQLContext) => matches.submit(a.input, ctx.caller),
      createPlayer: (
        _: unknown,
        a: { name: string; bot?: boolean | null; language?: string | null },
        ctx: GraphQLContext,
      ) => players.create(a, ctx.caller),
      setLanguage: (_: unknown, a: { language?: string | null }, ctx: GraphQLContext) =>
        players.setLanguage(ctx.caller, a.language),
      setWebhook: (_: unknown, a: { url?: string | null; secret?: string | null }, ctx: GraphQLContext) =>
        players.setWebhook(ctx.caller, a),
      rotatePlayerKey: (_: unknown, _a: unknown, ctx: GraphQLContext) => players.rotateKey(ctx.caller),
      joinMatch: (_: unknown, a: { input: Parameters<typeof lobby.join>[0] }, ctx: GraphQLContext) =>
        lobby.join(a.input, ctx.caller),
      leaveMatch: (_: unknown, a: { matchId: string; seat?: number | null }, ctx: GraphQLContext) =>
        lobby.leave(a, ctx.caller),
      declineInvitation: (_: unknown, a: { matchId: string; seat?: number | null }, ctx: GraphQLContext) =>
        lobby.decline(a, ctx.caller),
      blockInvitations: (_: unknown, a: { from: string; blocked?: boolean | null }, ctx: GraphQLContext) =>
        players.blockInvitations(ctx.caller, a),
      resign: (_: unknown, a: { matchId: string; seat?: number | null }, ctx: GraphQLContext) =>
        matches.resign(a, ctx.caller),
      abort: (_: unknown, a: { matchId: string; seat?: number | null }, ctx: GraphQLContext) =>
        matches.abort(a, ctx.caller),
      offerRematch: (_: unknown, a: { matchId: string; seat?: number | null }, ctx: GraphQLContext) =>
        lobby.offerRematch(a, ctx.caller),
      adminAbortMatch: (_: unknown, a: unknown, ctx: GraphQLContext) => admin.abortMatch(ctx.caller, a),
      adminBlockPlayer: (_: unknown, a: unknown, ctx: GraphQLContext) => admin.blockPlayer(ctx.caller, a),
      adminDeleteChatMessage: (_: unknown, a: unknown, ctx: GraphQLContext) => admin.deleteChatMessage(ctx.caller, a),
      offerDraw: (_: unknown, a: unknown, ctx: GraphQLContext) => draws.offer(ctx.caller, a),
      answerDraw: (_: unknown, a: unknown, ctx: GraphQLContext) => draws.answer(ctx.caller, a),
      requestTakeback: (_: unknown, a: unknown, ctx: GraphQLContext) => takebacks.request(ctx.caller, a),
      answerTakeback: (_: unknown, a: unknown, ctx: GraphQLContext) => takebacks.answer(ctx.caller, a),
      sendChat: (_: unknown, a: unknown, ctx: GraphQLContext) => chat.send(ctx.caller, a),
      mutePlayer: (_: unknown, a: unknown, ctx: GraphQLContext) => chat.mute(ctx.caller, a),
      ...competition.Mutation,
      startVacation: (_: unknown, a: { days: number }, ctx: GraphQLContext) => vacations.start(ctx.caller, a.days),
      endVacation: (_: unknown, _a: unknown, ctx: GraphQLContext) => vacations.end(ctx.caller),
    },
    // Subscription: served by subscriptions.ts (ordered, bounded, capped).
    Match: {
      log: (m: MatchView, a: { after?: number | null; limit?: number | null }, ctx: GraphQLContext) =>
        matches.log(m.id, ctx.caller, a),
      legalActions: (m: MatchView, a: { seat?: number | null }, ctx: GraphQLContext) => {
        if (m.seat === null) return []
        // Without a seat: the view's seat while it is to act, else the caller's seat that is (a player holding
        // several).
        const seat = a.seat ?? (m.toAct.includes(m.seat) ? m.seat : null)
        return matches.legalActions(m.id, ctx.caller, { seat, minVersion: m.version })
      },
      transcript: (m: MatchView, a: LangArgs, ctx: GraphQLContext) =>
        matches.transcript(m.id, ctx.caller, fieldLanguage(a.lang, ctx.caller.language)),
      endReasonText: (m: MatchView, a: LangArgs, ctx: GraphQLContext) =>
        matches.endReasonText(m, fieldLanguage(a.lang, ctx.caller.language)),
      seed: (m: MatchView) => (m.status === 'FINISHED' || m.status === 'ABORTED' ? verification.seed(m.id) : null),
      rematch: (m: MatchView) => (m.status === 'FINISHED' ? lobby.rematchOf(m.id) : null),
      chat: (m: MatchView, a: unknown, ctx: GraphQLContext) => chat.list(m.id, ctx.caller, a),
      drawOffer: (m: MatchView) => (m.status === 'ACTIVE' ? draws.current(m.id) : null),
      takeback: (m: MatchView) => (m.status === 'ACTIVE' ? takebacks.current(m.id) : null),
    },
    LegalAction: {
      label: (l: LegalActionView, a: LangArgs, ctx: GraphQLContext) => {
        const lang = fieldLanguage(a.lang, ctx.caller.language)
        const relabel = l[LABEL_IN]
        return lang === (ctx.caller.language ?? 'en') || !relabel ? l.label : relabel(lang)
      },
    },
    LogEntry: {
      label: async (e: LogEntryView, a: LangArgs, ctx: GraphQLContext) => (await logWords(e, a, ctx)).label,
      eventTexts: async (e: LogEntryView, a: LangArgs, ctx: GraphQLContext) => (await logWords(e, a, ctx)).eventTexts,
    },
    Violation: {
      message: (v: { code: string; message: string }, a: LangArgs, ctx: GraphQLContext) =>
        violationMessage(v, fieldLanguage(a.lang, ctx.caller.language)),
    },
    PlayerEvent: {
      ...competition.PlayerEvent,
      deckLabRun: (e: { deckLabRunId?: string }, _a: unknown, ctx: GraphQLContext) =>
        e.deckLabRunId ? deckLab.get(e.deckLabRunId, ctx.caller) : null,
    },
    ChatMessage: {
      player: (c: ChatMessageView) => (c.playerId ? players.publicView(c.playerId) : null),
    },
    Game: {
      deckFormats: (g: { id: string }) => decks.tools.formats(g.id),
      catalogueVersion: (g: { id: string }) => decks.tools.catalogueVersion(g.id),
      catalogue: (g: { id: string }, a: { version?: number | null }) => decks.tools.catalogue(g.id, a.version),
    },
    CardSet: {
      owner: (s: { ownerId: string }) => players.publicView(s.ownerId),
    },
    Deck: {
      owner: (d: { ownerId: string | null }) => (d.ownerId ? players.publicView(d.ownerId) : null),
      stats: (d: { game: string; deck: unknown }) => decks.tools.stats(d.game, d.deck),
      code: (d: { game: string; deck: unknown }) => decks.tools.codeOrNull(d.game, d.deck),
    },
    DeckStats: {
      drawChance: (s: DeckStats, a: { card: string; turn: number }) => s.drawChance(a),
    },
    SeatInfo: {
      player: (s: SeatInfoView) => (s.playerId ? players.publicView(s.playerId) : null),
    },
  } as unknown as IResolvers
}
