// The invitation form: pick a sample deck or paste a list, then take the open seat with the invitation code.
import { Api, ApiError } from './api.js'
import { html, useEffect, useMemo, useState } from './lib.js'
import { t } from './words.js'

/**
 * A pasted list, one card a line: "3 Data Spike", "Data Spike x3" or "Data Spike"; printed names or ids.
 * @param {string} text @param {{ id: string, name: string, type: string }[]} cards
 */
export function readList(text, cards) {
  const byName = new Map()
  for (const c of cards) {
    byName.set(c.id, c)
    byName.set(c.name.toLowerCase(), c)
  }
  const entries = []
  const unknown = []
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (!line || line.startsWith('#') || line.startsWith('//')) continue
    const m = /^(\d+)\s*x?\s+(.+)$/i.exec(line) ?? /^(.+?)\s+x\s*(\d+)$/i.exec(line)
    const [name, count] = m ? (/^\d/.test(m[1]) ? [m[2], Number(m[1])] : [m[1], Number(m[2])]) : [line, 1]
    const card = byName.get(name.trim().toLowerCase())
    if (card) entries.push({ card, count })
    else unknown.push(name.trim())
  }
  return { entries, unknown }
}

export function JoinForm({ matchId, code, games, onJoined }) {
  const api = useMemo(() => new Api(null), [])
  const [info, setInfo] = useState(/** @type {any} */ (null))
  const [choice, setChoice] = useState('0')
  const [pasted, setPasted] = useState('')
  const [name, setName] = useState('')
  const [error, setError] = useState(/** @type {string | null} */ (null))
  const [refusals, setRefusals] = useState(/** @type {{ message: string, cards: string[] }[]} */ ([]))
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    ;(async () => {
      const match = await api.call(`/matches/${encodeURIComponent(matchId)}`)
      const [game, cards] = await Promise.all([
        api.call(`/games/${encodeURIComponent(match.game)}`),
        api.call(`/games/${encodeURIComponent(match.game)}/cards`),
      ])
      setInfo({ match, game, cards })
    })().catch(e => setError(e.message))
  }, [matchId])

  if (!info) return html`<p class="note">${error ?? t('loadingInvite')}</p>`
  if (info.match.status !== 'WAITING') return html`<p class="error">${t('alreadyStarted')}</p>`

  const deck = () => {
    if (choice !== 'paste') return info.game.sampleDecks[Number(choice)].deck
    const text = pasted.trim()
    if (text.startsWith('{')) return JSON.parse(text)
    const { entries, unknown } = readList(text, info.cards)
    if (unknown.length) throw new Error(t('unknownCards', { names: unknown.join(', ') }))
    return games[info.match.game].deckFromList(entries)
  }
  const join = async e => {
    e.preventDefault()
    setBusy(true)
    try {
      const r = await api.call(`/matches/${encodeURIComponent(matchId)}/join`, {
        inviteCode: code,
        deck: deck(),
        ...(name.trim() ? { name: name.trim() } : {}),
      })
      onJoined(r.seat.token)
    } catch (err) {
      // a refused deck says why, one line per violation, in the page's language
      setRefusals(err instanceof ApiError && Array.isArray(err.details?.violations) ? err.details.violations : [])
      setError(err instanceof ApiError ? `${err.code}: ${err.message}` : String(err.message ?? err))
      setBusy(false)
    }
  }
  return html`<form class="join" onSubmit=${join}>
    <h1>${t('joinTitle')}</h1>
    <p>${t('invitedTo', { game: info.game.name })}</p>
    <fieldset>
      <legend>${t('deck')}</legend>
      ${info.game.sampleDecks.map(
        (d, i) =>
          html`<label class="choice"
            ><input
              type="radio"
              name="deck"
              value=${String(i)}
              checked=${choice === String(i)}
              onChange=${() => setChoice(String(i))}
            />
            ${d.name}</label
          >`,
      )}
      <label class="choice"
        ><input
          type="radio"
          name="deck"
          value="paste"
          checked=${choice === 'paste'}
          onChange=${() => setChoice('paste')}
        />
        ${t('pasteList')}</label
      >
      ${
        choice === 'paste'
          ? html`<textarea
              name="list"
              rows="8"
              placeholder=${t('pastePlaceholder')}
              value=${pasted}
              onInput=${e => setPasted(e.currentTarget.value)}
            ></textarea>`
          : null
      }
    </fieldset>
    <label
      >${t('yourName')} <input name="name" maxlength="60" value=${name} onInput=${e => setName(e.currentTarget.value)}
    /></label>
    ${
      error
        ? html`<div class="error" role="alert">
            <p>${error}</p>
            ${
              refusals.length
                ? html`<p>${t('deckRefused')}</p>
                    <ul class="refusals">
                      ${refusals.map(v => html`<li>${v.message}${v.cards?.length ? ` (${v.cards.join(', ')})` : ''}</li>`)}
                    </ul>`
                : null
            }
          </div>`
        : null
    }
    <button type="submit" class="primary" disabled=${busy}>${t('join')}</button>
  </form>`
}
