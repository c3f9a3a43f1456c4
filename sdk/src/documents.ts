// The GraphQL documents the client sends, one per operation; the selections match the types in types.ts.

const MATCH = `id game version status seat toAct winners seats { seat name joined bot player { id name bot } } view createdAt updatedAt
  clock { kind perMoveSeconds perTurnSeconds initialSeconds incrementSeconds maxSeconds days onTimeout reminderAt maxAutoplays vacation deadline
    seats { seat timeLeftSeconds running deadline away autoplays } }
  turn endReason seedCommitment seedSource seed rematch`
const LEGAL = `id label action`
const GAME = `id name minSeats maxSeats deckSchema actionSchema optionsSchema viewSchema eventSchema bots sampleDecks { name deck }
  deckRules { leader { kind count } mainDeck { min max } maxCopies limits { code rule description } }`
const PLAYER = `id name bot webhookUrl awayUntil vacationDaysLeft`
const DECK = `id game name deck legal createdAt updatedAt owner { id name bot webhookUrl } editToken`

export const documents = {
  games: `query { games { ${GAME} } }`,
  game: `query($id: ID!) { game(id: $id) { ${GAME} } }`,
  cards: `query($game: ID!, $search: String, $filter: CardFilter, $first: Int, $after: ID) {
    cards(game: $game, search: $search, filter: $filter, first: $first, after: $after) { id name type data text tags colours cost ram } }`,
  validateDeck: `query($game: ID!, $deck: JSON!) { validateDeck(game: $game, deck: $deck) { legal violations { code message rule cards suggestions } summary } }`,
  deck: `query($id: ID!) { deck(id: $id) { ${DECK} } }`,
  myDecks: `query($game: ID) { myDecks(game: $game) { ${DECK} } }`,
  match: `query($id: ID!, $minVersion: Int, $seat: Int) { match(id: $id, minVersion: $minVersion, seat: $seat) { ${MATCH} } }`,
  matchWithChoices: `query($id: ID!, $minVersion: Int, $seat: Int) { match(id: $id, minVersion: $minVersion, seat: $seat) { ${MATCH} legalActions(seat: $seat) { ${LEGAL} } } }`,
  legalActions: `query($matchId: ID!, $minVersion: Int, $seat: Int) { legalActions(matchId: $matchId, minVersion: $minVersion, seat: $seat) { ${LEGAL} } }`,
  me: `query { me { ${PLAYER} } }`,
  myMatches: `query($status: MatchStatus, $toAct: Boolean) { myMatches(status: $status, toAct: $toAct) { ${MATCH} } }`,
  openMatches: `query($game: ID) { openMatches(game: $game) { ${MATCH} } }`,
  webhookDeliveries: `query($limit: Int) { webhookDeliveries(limit: $limit) { id type matchId status attempts lastError at } }`,
  verifyMatch: `query($id: ID!) { verifyMatch(id: $id) { ok seed seedCommitment replayedVersion message } }`,

  saveDeck: `mutation($game: ID!, $name: String!, $deck: JSON!) { saveDeck(game: $game, name: $name, deck: $deck) { ${DECK} } }`,
  updateDeck: `mutation($id: ID!, $name: String, $deck: JSON) { updateDeck(id: $id, name: $name, deck: $deck) { ${DECK} } }`,
  deleteDeck: `mutation($id: ID!) { deleteDeck(id: $id) }`,
  createMatch: `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { ${MATCH} } seats { seat token } invites { seat code } } }`,
  submitAction: `mutation($input: SubmitActionInput!) { submitAction(input: $input) { match { ${MATCH} } events legalActions { ${LEGAL} } } }`,
  createPlayer: `mutation($name: String!, $bot: Boolean) { createPlayer(name: $name, bot: $bot) { player { ${PLAYER} } key } }`,
  setWebhook: `mutation($url: String, $secret: String) { setWebhook(url: $url, secret: $secret) { ${PLAYER} } }`,
  joinMatch: `mutation($input: JoinMatchInput!) { joinMatch(input: $input) { match { ${MATCH} } seat { seat token } } }`,
  leaveMatch: `mutation($matchId: ID!, $seat: Int) { leaveMatch(matchId: $matchId, seat: $seat) { ${MATCH} } }`,
  resign: `mutation($matchId: ID!, $seat: Int) { resign(matchId: $matchId, seat: $seat) { ${MATCH} } }`,
  abort: `mutation($matchId: ID!, $seat: Int) { abort(matchId: $matchId, seat: $seat) { ${MATCH} } }`,
  offerRematch: `mutation($matchId: ID!, $seat: Int) { offerRematch(matchId: $matchId, seat: $seat) { match { ${MATCH} } seat { seat token } } }`,
} as const
