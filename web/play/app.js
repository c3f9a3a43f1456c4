// The match page: reads the fragment (seat token, invitation code, or nothing for a spectator), follows the match
// stream and renders it.
import { Api, ApiError, readFragment } from './api.js'
import { html, render, useEffect, useMemo, useRef, useState } from './lib.js'
import { JoinForm } from './join.js'
import { ActionList } from './actions.js'
import { LanguagePicker } from './language.js'
import * as cyberNetCards from './games/cyber-net-cards.js'
import * as cyberpunkTcg from './games/cyberpunk-tcg.js'
import * as diceThroneMarvel from './games/dice-throne-marvel.js'

/** Each game's board renderer and pasted-list reader. */
export const GAMES = {
  'cyber-net-cards': cyberNetCards,
  'cyberpunk-tcg': cyberpunkTcg,
  'dice-throne-marvel': diceThroneMarvel,
}
const GAME_NAMES = {
  'cyber-net-cards': 'Cyber Net Cards',
  'cyberpunk-tcg': 'Cyberpunk TCG',
  'dice-throne-marvel': 'Marvel Dice Throne',
}

const matchId = decodeURIComponent(location.pathname.split('/')[2] ?? '')

/** A card's printed text, wherever its game keeps it. @returns {import('./parts.js').CardInfo} */
function cardInfo(c) {
  const d = c.data ?? {}
  const text =
    d.text ??
    d.description ??
    [d.passive?.text, d.ability ? `${d.ability.name} (${d.ability.cost} mana): ${d.ability.text}` : null]
      .filter(Boolean)
      .join(' ')
  return { id: c.id, name: c.name, type: c.type, text: text ?? '', data: d }
}

/** The game's catalogue, fetched once: id -> printed name and text. */
export function useCards(api, game) {
  const [cards, setCards] = useState(/** @type {Map<string, import('./parts.js').CardInfo> | null} */ (null))
  useEffect(() => {
    if (!game) return
    api
      .call(`/games/${encodeURIComponent(game)}/cards`)
      .then(list => setCards(new Map(list.map(c => [c.id, cardInfo(c)]))))
  }, [game])
  return cards
}

function App() {
  const [fragment, setFragment] = useState(() => readFragment())
  useEffect(() => {
    const onHash = () => setFragment(readFragment())
    addEventListener('hashchange', onHash)
    return () => removeEventListener('hashchange', onHash)
  }, [])
  if (!matchId) return html`<p class="error">No match id in the address: open /play/{matchId}.</p>`
  if (fragment.invite && !fragment.seat) {
    return html`<${JoinForm}
      matchId=${matchId}
      code=${fragment.invite}
      games=${GAMES}
      onJoined=${token => {
        // the token replaces the code in the fragment, so a reload opens the seat (and the code, now spent, is gone)
        history.replaceState(null, '', `${location.pathname}#seat=${encodeURIComponent(token)}`)
        setFragment({ seat: token, invite: null })
      }}
    />`
  }
  return html`<${MatchPage} key=${fragment.seat ?? 'spectator'} token=${fragment.seat} />`
}

function MatchPage({ token }) {
  const api = useMemo(() => new Api(token), [token])
  const [match, setMatch] = useState(/** @type {any} */ (null))
  const [legal, setLegal] = useState({ version: -1, actions: /** @type {any[]} */ ([]) })
  const [transcript, setTranscript] = useState(/** @type {string[]} */ ([]))
  const [error, setError] = useState(/** @type {string | null} */ (null))
  const [busy, setBusy] = useState(false)
  const latest = useRef(-1)
  const latestStatus = useRef('')
  const transcriptTimer = useRef(/** @type {ReturnType<typeof setTimeout> | undefined} */ (undefined))
  const cards = useCards(api, match?.game)

  /** Takes a newer view of the match, then what goes with it: the seat's choices and the transcript. */
  const accept = (m, actions) => {
    if (m.version < latest.current) return
    // A match that starts (WAITING to ACTIVE) keeps its version 0: the status change counts as news too.
    const newer = m.version > latest.current || m.status !== latestStatus.current
    latest.current = m.version
    latestStatus.current = m.status
    setMatch(m)
    if (actions) setLegal({ version: m.version, actions })
    else if (newer || m.status !== 'ACTIVE') loadChoices(m)
    if (newer || actions) loadTranscript(m.version)
  }
  const loadChoices = m => {
    if (m.seat === null || m.status !== 'ACTIVE' || !m.toAct.includes(m.seat))
      return setLegal({ version: m.version, actions: [] })
    api.call(`/matches/${encodeURIComponent(matchId)}/legal-actions?minVersion=${m.version}`).then(
      actions => m.version === latest.current && setLegal({ version: m.version, actions }),
      e => setError(e.message),
    )
  }
  // The whole transcript is fetched again each time: a burst of moves waits for its last one.
  const loadTranscript = version => {
    clearTimeout(transcriptTimer.current)
    transcriptTimer.current = setTimeout(() => {
      api.call(`/matches/${encodeURIComponent(matchId)}/transcript`).then(
        lines => version === latest.current && setTranscript(lines),
        () => {},
      )
    }, 250)
  }

  useEffect(() => {
    const stop = new AbortController()
    ;(async () => {
      // The server ends the stream when the match is over; a dropped stream is reopened. A WAITING match
      // has no stream to follow (it would end at once), so it is asked again every few seconds until it starts.
      while (!stop.signal.aborted) {
        let pause = 1000
        try {
          const m = await api.call(`/matches/${encodeURIComponent(matchId)}`)
          accept(m)
          setError(null)
          if (m.status === 'FINISHED' || m.status === 'ABORTED') return
          if (m.status === 'WAITING') pause = 3000
          else await api.stream(matchId, v => accept(v), stop.signal)
        } catch (e) {
          if (stop.signal.aborted) return
          setError(
            e instanceof ApiError ? `${e.code}: ${e.message}` : 'the connection to the server was lost; reconnecting…',
          )
          if (e instanceof ApiError && e.status < 500 && e.code !== 'RATE_LIMITED') return
        }
        await new Promise(r => setTimeout(r, pause))
      }
    })()
    return () => stop.abort()
  }, [api])

  const post = (action, key, version) =>
    api.call(`/matches/${encodeURIComponent(matchId)}/actions`, {
      actionId: action.id,
      expectedVersion: version,
      idempotencyKey: key,
    })

  /**
   * In a decision several seats make at once, another seat's move may land between the view and the click. The click
   * keeps its meaning when only those other seats moved since and the same action (same id: the same action JSON) is
   * still listed: it is sent again at the new version. Anything else (a takeback, the seat's own move, another
   * decision) is refused as the server said, and the page shows the new choices.
   */
  const resendAfterConflict = async (action, key, base) => {
    const others = base.toAct.filter(s => s !== base.seat)
    if (others.length === 0 || !base.toAct.includes(base.seat)) return null
    const now = await api.call(`/matches/${encodeURIComponent(matchId)}`)
    if (now.status !== 'ACTIVE' || !now.toAct.includes(base.seat) || now.version - base.version > others.length)
      return null
    const since = await api.call(`/matches/${encodeURIComponent(matchId)}/log?after=${base.version}`)
    const byOthers = since.length === now.version - base.version && since.every(e => others.includes(e.seat))
    if (!byOthers || !(now.legalActions ?? []).some(a => a.id === action.id)) return null
    return post(action, `${key}-${now.version}`, now.version)
  }

  const submit = async (action, key) => {
    const base = match
    setBusy(true)
    try {
      let r
      try {
        r = await post(action, key, base.version)
      } catch (e) {
        r = e instanceof ApiError && e.code === 'VERSION_CONFLICT' ? await resendAfterConflict(action, key, base) : null
        if (!r) throw e
      }
      setError(null)
      accept(r.match, r.legalActions)
    } catch (e) {
      setError(e instanceof ApiError ? `${e.code}: ${e.message}` : String(e))
      // a refused action changes nothing; the stream brings whatever did change
      if (match) loadChoices(match)
    } finally {
      setBusy(false)
    }
  }

  if (!match) return html`<p class="note">${error ?? 'Loading the match…'}</p>`
  const game = GAMES[match.game]
  const ctx = {
    you: match.seat,
    toAct: match.status === 'ACTIVE' ? match.toAct : [],
    seatName: i => match.seats[i]?.name ?? `Seat ${i + 1}`,
    card: id => cards?.get(id) ?? { id, name: id, type: '', text: '' },
  }
  const actions = legal.version === match.version ? legal.actions : []
  return html`<div
    class="match"
    data-match-version=${match.version}
    data-status=${match.status}
    data-game=${match.game}
  >
    <header>
      <h1>${GAME_NAMES[match.game] ?? match.game}</h1>
      <${LanguagePicker} />
      <${StatusLine} match=${match} ctx=${ctx} />
      ${error ? html`<p class="error" role="alert">${error}</p>` : null}
    </header>
    ${
      match.seat !== null && match.status === 'ACTIVE'
        ? html`<${ActionList}
            key=${match.version}
            version=${match.version}
            actions=${actions}
            ready=${legal.version === match.version}
            busy=${busy}
            onPick=${submit}
            mine=${match.toAct.includes(match.seat)}
          />`
        : null
    }
    ${match.status === 'WAITING' ? html`<p class="note">Waiting for every seat to join.</p>` : game && cards ? html`<${game.Board} view=${match.view} ctx=${ctx} />` : html`<p class="note">Loading the cards…</p>`}
    <${Transcript} lines=${transcript} />
  </div>`
}

function StatusLine({ match, ctx }) {
  const who = match.seat === null ? 'You are watching' : `You are ${ctx.seatName(match.seat)}`
  let state
  if (match.status === 'FINISHED')
    state = `Finished: ${match.winners?.length ? `${match.winners.map(ctx.seatName).join(' and ')} won` : 'a draw'}${match.endReason ? ` (${match.endReason})` : ''}`
  else if (match.status === 'ABORTED') state = 'Aborted'
  else if (match.status === 'WAITING') state = 'Waiting for players'
  else
    state =
      match.seat !== null && match.toAct.includes(match.seat)
        ? 'Your decision'
        : `Waiting for ${match.toAct.map(ctx.seatName).join(' and ')}`
  const deadline = match.clock?.deadline ? new Date(match.clock.deadline) : null
  return html`<p class="status">
    <span>${who}.</span> <strong data-state>${state}</strong>
    ${deadline ? html` <span class="clock">Deadline: <time datetime=${match.clock.deadline}>${deadline.toLocaleString()}</time></span>` : null}
    <span class="version">move ${match.version}</span>
  </p>`
}

/** The transcript, newest action first, each action with its events under it. */
function Transcript({ lines }) {
  const entries = []
  for (const l of lines) {
    if (l.startsWith(' ') && entries.length) entries[entries.length - 1].events.push(l.trim())
    else entries.push({ act: l, events: [] })
  }
  return html`<section class="transcript">
    <h2>Transcript</h2>
    ${
      entries.length
        ? html`<ul>
            ${entries.reverse().map(
              e =>
                html`<li>
                  <span class="act">${e.act}</span>${
                    e.events.length
                      ? html`<ul>
                          ${e.events.map(x => html`<li>${x}</li>`)}
                        </ul>`
                      : null
                  }
                </li>`,
            )}
          </ul>`
        : html`<p class="empty">Nothing has happened yet.</p>`
    }
  </section>`
}

render(html`<${App} />`, document.getElementById('app'))
