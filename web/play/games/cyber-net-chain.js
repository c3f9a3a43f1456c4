// The Cyber Net Cards chain as a stack (newest link on top, numbered, who played it and what it targets), and the
// answers the responding seat may give, listed beside it.
import { html } from '../lib.js'
import { t } from '../words.js'
import { Card } from '../parts.js'

/** The action types that answer an open chain: another link, or letting it resolve. */
const ANSWERS = new Set(['activate', 'ability', 'use', 'pass'])

/** The card a link shows: its card, or the avatar's ability for an ability link. */
const linkCard = (view, link) => link.card ?? view.players[link.seat].ability

/** What a link targets, in words: the targeted equipped card and whose it is (when it is still equipped). */
function targetLine(view, link, ctx) {
  const card = ctx.card(link.target.card).name
  const holder = view.players.find(p => p.equipped.some(e => e.uid === link.target.uid))
  return holder ? t('cnc.target', { card, name: ctx.seatName(holder.seat) }) : t('cnc.targetCard', { card })
}

/**
 * The chain, newest link first: each numbered in the order it was added, with its player, its card (or its name only
 * when `compact`), how it was played and its target. @param {{ view: any, ctx: import('../parts.js').BoardContext,
 * compact?: boolean }} p
 */
export function ChainStack({ view, ctx, compact }) {
  const links = view.chain.map((link, i) => ({ link, n: i + 1 })).reverse()
  return html`<ol class=${`chain${compact ? ' compact' : ''}`}>
    ${links.map(({ link, n }, i) => {
      const id = linkCard(view, link)
      const notes = [
        link.kind === 'use' ? t('cnc.use') : '',
        link.kind === 'ability' ? t('cnc.avatarAbility') : '',
        link.turbo ? t('cnc.turbo') : '',
        link.burn ? t('cnc.burn') : '',
        link.negated ? t('cnc.negated') : '',
      ].filter(Boolean)
      return html`<li class=${`link${link.negated ? ' negated' : ''}`} data-link=${n}>
        <span class="link-n">${n}</span>
        <div class="link-body">
          <div class="link-who">
            <strong>${ctx.seatName(link.seat)}</strong
            >${i === 0 ? html` <span class="badge">${t('cnc.resolvesFirst')}</span>` : null}
          </div>
          ${
            compact
              ? html`<div>
                  <span class="printed">${ctx.card(id).name}</span>${notes.length ? ` · ${notes.join(', ')}` : ''}
                </div>`
              : html`<${Card} id=${id} ctx=${ctx} dim=${link.negated} note=${notes.join(', ')} />`
          }
          ${link.target ? html`<div class="link-target">${targetLine(view, link, ctx)}</div>` : null}
        </div>
      </li>`
    })}
  </ol>`
}

/**
 * While the viewer may answer the chain: the chain and, beside it, the listed actions that answer it (they stay in the
 * full list too). @param {{ view: any, ctx: import('../parts.js').BoardContext, actions: { id: string, label: string,
 * action: any }[], busy: boolean, onPick(action: { id: string }): void }} p
 */
export function ChainAnswers({ view, ctx, actions, busy, onPick }) {
  if (!view.chain.length || view.responder !== view.you) return null
  const answers = actions.filter(a => ANSWERS.has(a.action?.type))
  if (!answers.length) return null
  return html`<div class="chain-answer">
    <div>
      <h3>${t('cnc.chain')}</h3>
      <${ChainStack} view=${view} ctx=${ctx} compact />
    </div>
    <div class="answers" role="group" aria-labelledby="chain-answers">
      <h3 id="chain-answers">${t('cnc.answers')}</h3>
      <div class="buttons">
        ${answers.map(
          a =>
            html`<button
              type="button"
              class="answer"
              data-answer-id=${a.id}
              disabled=${busy}
              onClick=${() => onPick(a)}
            >
              ${a.label}
            </button>`,
        )}
      </div>
    </div>
  </div>`
}
