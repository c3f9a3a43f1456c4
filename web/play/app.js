// The match page: reads the fragment (seat token, invitation code, or nothing for a spectator), follows the match
// stream and renders it.
import { Api, ApiError, readFragment } from './api.js'
import { html, render, useEffect, useMemo, useRef, useState } from './lib.js'
import { JoinForm } from './join.js'
import { ActionList, randomHex } from './actions.js'
import { MoveOnSwitch, onlyChoice, useMoveOn } from './move-on.js'
import { LanguagePicker } from './language.js'
import { Chat, ConfirmDialog, Controls, clockTime } from './controls.js'
import { joinNames, t } from './words.js'
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
  if (!matchId) return html`<p class="error">${t('noMatchId')}</p>`
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

/** How often a seat's page asks for what the stream does not carry: draw offers, takeback requests, a rematch. */
const OFFERS_EVERY_MS = 5000
/** Action types that change nothing on the table: they do not count as choices with an effect. */
const NO_EFFECT = new Set(['pass', 'done', 'end', 'setAutoPass', 'concede', 'noAttack', 'endReactions'])

function MatchPage({ token }) {
  const api = useMemo(() => new Api(token), [token])
  const path = rest => `/matches/${encodeURIComponent(matchId)}${rest}`
  const [match, setMatch] = useState(/** @type {any} */ (null))
  const [legal, setLegal] = useState({ version: -1, actions: /** @type {any[]} */ ([]) })
  const [log, setLog] = useState(/** @type {any[]} */ ([]))
  const [chat, setChat] = useState(/** @type {any[]} */ ([]))
  const [error, setError] = useState(/** @type {string | null} */ (null))
  const [busy, setBusy] = useState(false)
  const [dialog, setDialog] = useState(/** @type {any} */ (null))
  const [rematchToken, setRematchToken] = useState(/** @type {string | null} */ (null))
  const latest = useRef(-1)
  const latestStatus = useRef('')
  const logTimer = useRef(/** @type {ReturnType<typeof setTimeout> | undefined} */ (undefined))
  const logged = useRef(/** @type {any[]} */ ([]))
  const cards = useCards(api, match?.game)
  const draws = useDraws(api, match?.game)
  const [moveOn, setMoveOn] = useMoveOn()
  /** The groups of the action list the player opened or closed, by kind: they stay so at the next decisions. */
  const [groups, setGroups] = useState(() => new Map())
  const onGroup = (type, open) => setGroups(kinds => new Map(kinds).set(type, open))
  /** The last version the page moved on at by itself: each decision is answered once. */
  const movedOn = useRef(-1)

  /** Takes a newer view of the match, then what goes with it: the seat's choices and the log. */
  const accept = (m, actions) => {
    if (m.version < latest.current) return
    // A match that starts (WAITING to ACTIVE) keeps its version 0: the status change counts as news too.
    const newer = m.version > latest.current || m.status !== latestStatus.current
    latest.current = m.version
    latestStatus.current = m.status
    setMatch(m)
    if (actions) setLegal({ version: m.version, actions })
    else if (newer || m.status !== 'ACTIVE') loadChoices(m)
    if (newer || actions) loadLog(m.version)
  }
  const loadChoices = m => {
    if (m.seat === null || m.status !== 'ACTIVE' || !m.toAct.includes(m.seat))
      return setLegal({ version: m.version, actions: [] })
    api.call(path(`/legal-actions?minVersion=${m.version}`)).then(
      actions => m.version === latest.current && setLegal({ version: m.version, actions }),
      e => setError(e.message),
    )
  }
  // Only the entries after the last one held are fetched; a burst of moves waits for its last one.
  const loadLog = version => {
    clearTimeout(logTimer.current)
    logTimer.current = setTimeout(async () => {
      try {
        for (;;) {
          const after = logged.current.at(-1)?.seq ?? 0
          const page = await api.call(path(`/log?after=${after}&limit=500`))
          if ((logged.current.at(-1)?.seq ?? 0) !== after) return
          logged.current = [...logged.current, ...page]
          setLog(logged.current)
          if (page.length < 500 || (logged.current.at(-1)?.seq ?? 0) >= version) return
        }
      } catch {
        // the next version asks again
      }
    }, 250)
  }

  useEffect(() => {
    const stop = new AbortController()
    const onLine = line => {
      if (line.type === 'chat') setChat(list => (list.some(c => c.id === line.chat.id) ? list : [...list, line.chat]))
      else accept(line)
    }
    ;(async () => {
      // The server ends the stream when the match is over; a dropped stream is reopened. A WAITING match
      // has no stream to follow (it would end at once), so it is asked again every few seconds until it starts.
      while (!stop.signal.aborted) {
        let pause = 1000
        try {
          const m = await api.call(path(''))
          accept(m)
          if (m.seat !== null) api.call(path('/chat')).then(setChat, () => {})
          setError(null)
          if (m.status === 'FINISHED' || m.status === 'ABORTED') return
          if (m.status === 'WAITING') pause = 3000
          else await api.stream(matchId, onLine, stop.signal)
        } catch (e) {
          if (stop.signal.aborted) return
          setError(e instanceof ApiError ? `${e.code}: ${e.message}` : t('reconnecting'))
          if (e instanceof ApiError && e.status < 500 && e.code !== 'RATE_LIMITED') return
        }
        await new Promise(r => setTimeout(r, pause))
      }
    })()
    return () => stop.abort()
  }, [api])

  // Draw offers and takeback requests make no new version, and a rematch starts without one of this match: a seat's
  // page asks for them now and then while the match is on, and after the end until the rematch it offered starts.
  const polling =
    match !== null &&
    match.seat !== null &&
    (match.status === 'ACTIVE' || (match.status === 'FINISHED' && rematchToken !== null && !match.rematch))
  useEffect(() => {
    if (!polling) return
    const timer = setInterval(
      () =>
        api.call(path('')).then(
          m => accept(m),
          () => {},
        ),
      OFFERS_EVERY_MS,
    )
    return () => clearInterval(timer)
  }, [polling])

  // A confirmation of an action does not outlive the version it was asked at.
  useEffect(() => setDialog(d => (d?.version === undefined ? d : null)), [match?.version])

  const post = (action, key, version) =>
    api.call(path('/actions'), { actionId: action.id, expectedVersion: version, idempotencyKey: key })

  /**
   * In a decision several seats make at once, another seat's move may land between the view and the click. The click
   * keeps its meaning when only those other seats moved since and the same action (same id: the same action JSON) is
   * still listed: it is sent again at the new version. Anything else (a takeback, the seat's own move, another
   * decision) is refused as the server said, and the page shows the new choices.
   */
  const resendAfterConflict = async (action, key, base) => {
    const others = base.toAct.filter(s => s !== base.seat)
    if (others.length === 0 || !base.toAct.includes(base.seat)) return null
    const now = await api.call(path(''))
    if (now.status !== 'ACTIVE' || !now.toAct.includes(base.seat) || now.version - base.version > others.length)
      return null
    const since = await api.call(path(`/log?after=${base.version}`))
    const byOthers = since.length === now.version - base.version && since.every(e => others.includes(e.seat))
    if (!byOthers || !(now.legalActions ?? []).some(a => a.id === action.id)) return null
    return post(action, `${key}-${now.version}`, now.version)
  }

  const submit = async (action, key, base = match) => {
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

  /** A listed action, confirmed first when it concedes or ends the seat's turn while choices with an effect remain. */
  const pick = (action, key) => {
    const base = match
    const confirming = confirmationOf(action, legal.actions, GAMES[base.game], base.view)
    if (!confirming) return submit(action, key, base)
    setDialog({ ...confirming, version: base.version, onConfirm: () => submit(action, key, base) })
  }

  /** A control's request (resign, draw, takeback, rematch): the match after it is taken, a refusal shown. */
  const run = async (rest, body) => {
    setBusy(true)
    try {
      const r = await api.call(path(`/${rest}`), body)
      setError(null)
      // The answer is the bare view: the full one (end reason in words, the offer or request now standing) follows.
      if (rest !== 'rematch') accept(await api.call(path('')))
      return r
    } catch (e) {
      setError(e instanceof ApiError ? `${e.code}: ${e.message}` : String(e))
      return null
    } finally {
      setBusy(false)
    }
  }

  const sendChat = async text => {
    try {
      const message = await api.call(path('/chat'), { text })
      setChat(list => (list.some(c => c.id === message.id) ? list : [...list, message]))
      return true
    } catch (e) {
      setError(e instanceof ApiError ? `${e.code}: ${e.message}` : String(e))
      return false
    }
  }

  // With "move on for me", a decision whose only choice is to go on is sent as soon as its choices are loaded.
  useEffect(() => {
    if (!moveOn || busy || !match || match.seat === null || match.status !== 'ACTIVE') return
    if (!match.toAct.includes(match.seat) || legal.version !== match.version || movedOn.current >= match.version) return
    const only = onlyChoice(legal.actions)
    if (!only) return
    movedOn.current = match.version
    submit(only, `web-${match.version}-${randomHex()}`, match)
  }, [moveOn, busy, match, legal])

  if (!match) return html`<p class="note">${error ?? t('loadingMatch')}</p>`
  const game = GAMES[match.game]
  const seatName = i => match.seats[i]?.name ?? t('seatN', { n: i + 1 })
  const ctx = {
    you: match.seat,
    toAct: match.status === 'ACTIVE' ? match.toAct : [],
    seatName,
    card: id => cards?.get(id) ?? { id, name: id, type: '', text: '' },
  }
  const actions = legal.version === match.version ? legal.actions : []
  const last = log.at(-1)
  return html`<div
    class="match"
    data-match-version=${match.version}
    data-status=${match.status}
    data-game=${match.game}
  >
    <header>
      <h1>${GAME_NAMES[match.game] ?? match.game}</h1>
      <${LanguagePicker} />
      <a class="jump" href="#transcript" onClick=${toTranscript}>${t('layout.toTranscript')}</a>
      <${StatusLine} match=${match} seatName=${seatName} />
      ${last ? html`<p class="last-move">${t('lastMove', { who: whoOf(last, seatName), label: last.label })}</p>` : null}
      ${error ? html`<p class="error" role="alert">${error}</p>` : null}
    </header>
    ${
      match.seat !== null
        ? html`<${Controls}
            match=${match}
            draws=${draws}
            seatName=${seatName}
            run=${run}
            ask=${d => setDialog(d)}
            rematchToken=${rematchToken}
            onRematchOffered=${setRematchToken}
          />`
        : null
    }
    ${
      match.seat !== null && match.status === 'ACTIVE'
        ? html`<${MoveOnSwitch} on=${moveOn} onChange=${setMoveOn} />`
        : null
    }
    ${
      match.seat !== null && match.status === 'ACTIVE'
        ? html`<${ActionList}
            key=${match.version}
            version=${match.version}
            actions=${actions}
            ready=${legal.version === match.version}
            busy=${busy}
            onPick=${pick}
            groupOpen=${groups}
            onGroup=${onGroup}
            confirms=${a => confirmationOf(a, actions, game, match.view) !== null}
            helper=${
              game?.ActionHelper
                ? pickOne =>
                    html`<${game.ActionHelper}
                      view=${match.view}
                      ctx=${ctx}
                      actions=${actions}
                      busy=${busy}
                      onPick=${pickOne}
                    />`
                : undefined
            }
            mine=${match.toAct.includes(match.seat)}
          />`
        : null
    }
    ${match.status === 'WAITING' ? html`<p class="note">${t('waitingSeats')}</p>` : game && cards ? html`<${game.Board} view=${match.view} ctx=${ctx} />` : html`<p class="note">${t('loadingCards')}</p>`}
    ${match.seat !== null ? html`<${Chat} messages=${chat} seatName=${seatName} canWrite=${true} send=${sendChat} />` : null}
    <${Transcript} entries=${log} seatName=${seatName} />
    ${
      dialog
        ? html`<${ConfirmDialog}
            ...${dialog}
            onConfirm=${() => {
              setDialog(null)
              dialog.onConfirm()
            }}
            onCancel=${() => setDialog(null)}
          />`
        : null
    }
  </div>`
}

/** Whether the game has a draw result (draw offers are allowed), fetched once. */
function useDraws(api, game) {
  const [draws, setDraws] = useState(false)
  useEffect(() => {
    if (!game) return
    api.call(`/games/${encodeURIComponent(game)}`).then(
      g => setDraws(g.draws === true),
      () => {},
    )
  }, [game])
  return draws
}

/**
 * The confirmation a listed action needs, or null: conceding, and ending the seat's turn (the game says which action
 * does, `endsTurn`) while choices with an effect remain. Passing in an answer window or finishing a step is not asked
 * about: the turn goes on.
 */
function confirmationOf(action, actions, game, view) {
  const type = action.action?.type
  if (type === 'concede') return { title: t('resignTitle'), text: t('resignText'), confirm: t('resign') }
  if (!game?.endsTurn?.(action.action, view)) return null
  const others = actions.filter(a => !NO_EFFECT.has(a.action?.type)).length
  if (others === 0) return null
  return { title: t('endTitle'), text: t('endText', { label: action.label, n: others }), confirm: t('endConfirm') }
}

const whoOf = (entry, seatName) => (entry.seat === null ? t('arbiter') : seatName(entry.seat))

function StatusLine({ match, seatName }) {
  const who = match.seat === null ? t('youWatch') : t('youAre', { name: seatName(match.seat) })
  let state
  if (match.status === 'FINISHED') {
    state = match.winners?.length
      ? t('finishedWon', { names: joinNames(match.winners.map(seatName)) })
      : t('finishedDraw')
    const reason = match.endReasonText ?? match.endReason
    if (reason) state += ` (${reason})`
  } else if (match.status === 'ABORTED') {
    state = t('aborted')
    const reason = match.endReasonText ?? match.endReason
    if (reason) state += ` (${reason})`
  } else if (match.status === 'WAITING') state = t('waitingPlayers')
  else
    state =
      match.seat !== null && match.toAct.includes(match.seat)
        ? t('yourDecision')
        : t('waitingFor', { names: joinNames(match.toAct.map(seatName)) })
  return html`<p class="status">
    <span>${who}</span> <strong data-state>${state}</strong>
    ${match.status === 'ACTIVE' && match.clock?.deadline ? html`<${Countdown} deadline=${match.clock.deadline} />` : null}
    <span class="version">${t('moveN', { n: match.version })}</span>
  </p>`
}

/** The time left to the deadline, counted down each second. */
function Countdown({ deadline }) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  const left = Math.max(0, Math.floor((new Date(deadline).getTime() - now) / 1000))
  const at = new Date(deadline).toLocaleString(document.documentElement.lang)
  return html`<span class="clock" title=${at}
    ><time datetime=${deadline}>${left > 0 ? t('timeLeft', { time: duration(left) }) : t('timeUp')}</time></span
  >`
}

/** Seconds as the language writes a duration: "2 h 05 min", "3 min 09 s", "42 s". */
function duration(seconds) {
  const unit = (n, u) =>
    new Intl.NumberFormat(document.documentElement.lang, { style: 'unit', unit: u, unitDisplay: 'narrow' }).format(n)
  const days = Math.floor(seconds / 86400)
  const hours = Math.floor((seconds % 86400) / 3600)
  const minutes = Math.floor((seconds % 3600) / 60)
  if (days) return `${unit(days, 'day')} ${unit(hours, 'hour')}`
  if (hours) return `${unit(hours, 'hour')} ${unit(minutes, 'minute')}`
  if (minutes) return `${unit(minutes, 'minute')} ${unit(seconds % 60, 'second')}`
  return unit(seconds, 'second')
}

/**
 * The header's link to the transcript: scrolls it into view below the sticky action list and moves the focus there.
 * The link's own #transcript is not followed: the fragment holds the seat token.
 */
function toTranscript(event) {
  event.preventDefault()
  const transcript = document.getElementById('transcript')
  const covered = document.querySelector('.actions')?.getBoundingClientRect().height ?? 0
  scrollTo({ top: transcript.getBoundingClientRect().top + scrollY - covered - 8 })
  transcript.focus({ preventScroll: true })
}

/** The transcript, newest action first, each with its time and its events under it; the last move stands out. */
function Transcript({ entries, seatName }) {
  return html`<section class="transcript" id="transcript" tabindex="-1">
    <h2>${t('transcript')}</h2>
    ${
      entries.length
        ? html`<ul>
            ${[...entries].reverse().map(
              (e, i) =>
                html`<li class=${i === 0 ? 'last' : ''} data-seq=${e.seq}>
                  <time datetime=${e.at} title=${new Date(e.at).toLocaleString(document.documentElement.lang)}
                    >${clockTime(e.at)}</time
                  >
                  <span class="act">${e.seq}. ${whoOf(e, seatName)}: ${e.label}</span>${
                    e.eventTexts.length
                      ? html`<ul>
                          ${e.eventTexts.map(x => html`<li>${x}</li>`)}
                        </ul>`
                      : null
                  }
                </li>`,
            )}
          </ul>`
        : html`<p class="empty">${t('nothingYet')}</p>`
    }
  </section>`
}

render(html`<${App} />`, document.getElementById('app'))
