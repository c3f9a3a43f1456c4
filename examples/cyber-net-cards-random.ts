// A random bot for Cyber Net Cards: creates a match with two sample decks and plays both seats to the end.
import { Arbiter, type Decide } from '../sdk/src/index.ts'

const arbiter = new Arbiter() // the server in ARBITER_URL, default http://localhost:3000
const game = await arbiter.game('cyber-net-cards')
if (!game) throw new Error(`${arbiter.url} does not host cyber-net-cards`)
const [a, b = a] = game.sampleDecks
if (!a || !b) throw new Error('no sample decks')

const { match, seats } = await arbiter.createMatch({
  game: 'cyber-net-cards',
  seats: [
    { deck: a.deck, name: `Random (${a.name})` },
    { deck: b.deck, name: `Random (${b.name})` },
  ],
})
console.log(`match ${match.id}: ${seats.length} seats`)

const random: Decide<'cyber-net-cards'> = ({ legalActions }) =>
  legalActions[Math.floor(Math.random() * legalActions.length)]!

// Each seat plays with its own token; `play` follows the match stream until the end.
const end = (await Promise.all(seats.map(s => arbiter.as({ token: s.token }).play(match.id, random))))[0]!
const winners = (end.winners ?? []).map(w => end.seats[w]?.name ?? `seat ${w}`)
console.log(`finished after ${end.version} actions: ${winners.length ? `${winners.join(' and ')} won` : 'no winner'}`)
