// The landing page's behaviour: lists the games from the GraphQL API and creates a match against a bot.
'use strict'

const GAMES = `{ games { id name minSeats maxSeats bots sampleDecks { name deck } } }`
const CREATE = `mutation($input: CreateMatchInput!) { createMatch(input: $input) { match { id } seats { seat token } } }`

// A bot that answers at once but is no pushover; the others stay in the list.
const PREFERRED_BOTS = ['greedy', 'ismcts', 'random']

// The page's language, as the match page picks it (web/play/language.js): the one chosen here, else the browser's, else
// English.
const LANGUAGES = [
  ['en', 'English'],
  ['tr', 'Türkçe'],
  ['pt-BR', 'Português (Brasil)'],
]
const LANGUAGE_KEY = 'arbiter.language'
function storedLanguage() {
  try {
    return localStorage.getItem(LANGUAGE_KEY)
  } catch {
    return null
  }
}
function browserLanguage() {
  for (const tag of navigator.languages ?? [navigator.language]) {
    const primary = String(tag).toLowerCase().split('-')[0]
    if (primary === 'tr') return 'tr'
    if (primary === 'pt') return 'pt-BR'
    if (primary === 'en') return 'en'
  }
  return null
}
const pageLanguage = LANGUAGES.some(([code]) => code === storedLanguage())
  ? storedLanguage()
  : (browserLanguage() ?? 'en')
document.documentElement.lang = pageLanguage

/** A picker in the header: the choice is remembered for this page and the match page, which then reload in it. */
function languagePicker() {
  const select = document.createElement('select')
  select.setAttribute('aria-label', 'Language')
  for (const [code, name] of LANGUAGES) {
    const o = new Option(name, code, false, code === pageLanguage)
    o.lang = code
    select.append(o)
  }
  select.addEventListener('change', () => {
    try {
      localStorage.setItem(LANGUAGE_KEY, select.value)
    } catch {
      // not remembered: this page load only
    }
    location.reload()
  })
  document.querySelector('header nav')?.append(select)
}
languagePicker()

async function graphql(query, variables) {
  const res = await fetch(`/graphql?lang=${encodeURIComponent(pageLanguage)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  })
  const body = await res.json()
  if (body.errors?.length)
    throw new Error(body.errors.map(e => `${e.extensions?.code ?? 'ERROR'}: ${e.message}`).join('; '))
  return body.data
}

function seatsText(game) {
  return game.minSeats === game.maxSeats ? `${game.minSeats} players` : `${game.minSeats}–${game.maxSeats} players`
}

function option(value, label) {
  const o = document.createElement('option')
  o.value = value
  o.textContent = label
  return o
}

const NAME_KEY = 'arbiter.name'

/**
 * The name the "Try it" seat takes: the one typed (remembered in the browser), else a generated one. Never "You": the
 * match page says "you" in its own sentences, and the other seats and the transcript name the seat.
 */
function playerName(typed) {
  const name =
    typed.trim() || `Player ${String(crypto.getRandomValues(new Uint16Array(1))[0] % 10000).padStart(4, '0')}`
  try {
    localStorage.setItem(NAME_KEY, name)
  } catch {
    // not remembered: a new name next time
  }
  return name
}

function rememberedName() {
  try {
    return localStorage.getItem(NAME_KEY) ?? ''
  } catch {
    return ''
  }
}

async function tryIt(game, deckIndex, botKind, name, status) {
  status.textContent = 'Creating the match…'
  // The first seat is yours; a bot fills every other seat the game needs, with one of the sample decks.
  const bots = Array.from({ length: game.minSeats - 1 }, () => ({ bot: { kind: botKind } }))
  const input = { game: game.id, seats: [{ deck: game.sampleDecks[deckIndex].deck, name }, ...bots] }
  const created = (await graphql(CREATE, { input })).createMatch
  const mine = created.seats.find(s => s.seat === 0)
  location.assign(`/play/${encodeURIComponent(created.match.id)}#seat=${encodeURIComponent(mine.token)}`)
}

function gameCard(game) {
  const card = document.getElementById('game-card').content.firstElementChild.cloneNode(true)
  card.dataset.game = game.id
  card.querySelector('.game-name').textContent = game.name
  card.querySelector('.game-id').textContent = game.id
  card.querySelector('.game-seats').textContent = seatsText(game)
  card.querySelector('.game-bots').textContent = game.bots.length ? game.bots.join(', ') : 'none'
  const decks = card.querySelector('.try-deck')
  game.sampleDecks.forEach((d, i) => decks.append(option(String(i), d.name)))
  const bots = card.querySelector('.try-bot')
  const kinds = [...game.bots].sort((a, b) => PREFERRED_BOTS.indexOf(a) - PREFERRED_BOTS.indexOf(b))
  for (const kind of kinds) bots.append(option(kind, `${kind} bot`))
  const form = card.querySelector('.try')
  const name = card.querySelector('.try-name')
  name.value = rememberedName()
  const status = card.querySelector('.try-status')
  if (!game.sampleDecks.length || !game.bots.length) {
    form.hidden = true
    status.textContent = 'No sample deck or bot for this game yet.'
  }
  form.addEventListener('submit', e => {
    e.preventDefault()
    const button = form.querySelector('button')
    button.disabled = true
    tryIt(game, Number(decks.value), bots.value, playerName(name.value), status).catch(err => {
      status.textContent = `Could not create the match: ${err.message}`
      button.disabled = false
    })
  })
  return card
}

async function listGames() {
  const status = document.getElementById('games-status')
  try {
    const { games } = await graphql(GAMES)
    document.getElementById('games').append(...games.map(gameCard))
    status.textContent = `${games.length} games served.`
  } catch (err) {
    status.textContent = `Could not load the games: ${err.message}`
  }
}

// GRAPHIQL=false turns the IDE off: then its links would lead nowhere.
async function hideGraphiqlIfOff() {
  const res = await fetch('/graphiql', { method: 'HEAD' })
  if (!res.ok)
    for (const a of document.querySelectorAll('[data-graphiql]'))
      a.replaceWith(document.createTextNode('GraphiQL (off on this server)'))
}

for (const el of document.querySelectorAll('[data-origin]')) el.textContent = location.origin
void listGames()
void hideGraphiqlIfOff()
