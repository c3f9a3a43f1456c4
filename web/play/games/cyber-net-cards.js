// The Cyber Net Cards board: each seat's avatar, life/ATK/DEF/mana, hand, armed cards, equipment, Void, and the chain
// as a stack; the chain's answers beside it in the action list.
import { html } from '../lib.js'
import { t } from '../words.js'
import { Card, FaceDown, SeatPanel, Stats, Zone } from '../parts.js'
import { ChainAnswers, ChainStack } from './cyber-net-chain.js'

/** The action list's quicker way to answer the chain: its answers beside it. */
export const ActionHelper = ChainAnswers

/** @param {any} view @param {import('../parts.js').BoardContext} ctx */
/** Passing with no chain open ends the seat's part of the round; passing on a chain only lets it resolve. */
export const endsTurn = (action, view) => action.type === 'pass' && !(view?.chain?.length > 0)

export function Board({ view, ctx }) {
  return html`<div class="board">
    <p class="phase">
      ${t('cnc.roundLine', { round: view.round, phase: phaseName(view.phase), name: ctx.seatName(view.first) })}${view.passes ? ` · ${t('cnc.passes', { n: view.passes })}` : ''}
    </p>
    ${
      view.chain.length
        ? html`<section class="zone chain-zone">
            <h4>${t('cnc.chain')} <span class="count">(${view.chain.length})</span></h4>
            ${view.responder !== null ? html`<p class="note">${t('cnc.mayAnswer', { name: ctx.seatName(view.responder) })}</p>` : null}
            <${ChainStack} view=${view} ctx=${ctx} />
          </section>`
        : null
    }
    ${view.coalTie ? html`<p class="note">${t(`cnc.coalTie.${view.coalTie.what}`, { name: ctx.seatName(view.coalTie.seat) })}</p>` : null}
    ${
      view.roundEffects.length
        ? html`<p class="note">
            ${t('cnc.thisRound', { effects: view.roundEffects.map(f => `${t('cnc.effect', { name: ctx.seatName(f.seat), atk: signed(f.atk), def: signed(f.def) })}${f.card ? ` (${ctx.card(f.card).name})` : ''}`).join('; ') })}
          </p>`
        : null
    }
    <div class="seats">
      ${view.players.map(p => html`<${Player} p=${p} ctx=${ctx} active=${ctx.toAct.includes(p.seat)} />`)}
    </div>
  </div>`
}

function Player({ p, ctx, active }) {
  return html`<${SeatPanel} seat=${p.seat} ctx=${ctx} active=${active}>
    <${Stats} items=${[
      [t('cnc.life'), p.life],
      [t('cnc.atk'), p.atk],
      [t('cnc.def'), p.def],
      [t('cnc.mana'), `${p.mana} (+${p.income})`],
      [t('board.deck'), p.deckCount],
    ]} />
    <div class="cards">
      <${Card} id=${p.avatar} ctx=${ctx} />
      <${Card} id=${p.ability} ctx=${ctx} note=${p.abilityUsed ? t('cnc.usedThisRound') : ''} dim=${p.abilityUsed} />
    </div>
    <p class="flags">${[p.placed ? t('cnc.placed') : t('cnc.placing'), p.recycled ? t('cnc.recycled') : '', p.autoPass ? t('board.autoPass') : ''].filter(Boolean).join(' · ')}</p>
    <${Zone} title=${t('board.hand')} count=${p.handCount}>${p.hand ? p.hand.map(c => html`<${Card} id=${c.card} ctx=${ctx} />`) : html`<${FaceDown} count=${p.handCount} />`}</${Zone}>
    <${Zone} title=${t('cnc.armedZone')} count=${p.fieldCount}>${p.field ? p.field.map(c => html`<${Card} id=${c.card} ctx=${ctx} note=${t('cnc.armed')} />`) : html`<${FaceDown} count=${p.fieldCount} label=${t('cnc.armed')} />`}</${Zone}>
    <${Zone} title=${t('cnc.equipped')} count=${p.equipped.length}>
      ${p.equipped.map(e => html`<${Card} id=${e.card} ctx=${ctx} note=${[t('cnc.roundsLeft', { n: e.roundsLeft }), t('cnc.coal', { n: e.coal }), e.used ? t('cnc.used') : '', e.owner !== p.seat ? t('cnc.from', { name: ctx.seatName(e.owner) }) : ''].filter(Boolean).join(' · ')} />`)}
    </${Zone}>
    <${Zone} title=${t('cnc.activated')} count=${p.active.length}>${p.active.map(c => html`<${Card} id=${c} ctx=${ctx} />`)}</${Zone}>
    <${Zone} title=${t('cnc.void')} count=${p.void.length} pile>${p.void.map(c => html`<${Card} id=${c} ctx=${ctx} />`)}</${Zone}>
  </${SeatPanel}>`
}

const phaseName = p => (['prep', 'action', 'over'].includes(p) ? t(`cnc.phase.${p}`) : p)
const signed = n => (n >= 0 ? `+${n}` : `${n}`)

/**
 * A pasted list as a deck: the avatar, then the main deck. @param {{ card: import('../parts.js').CardInfo, count:
 * number }[]} entries
 */
export function deckFromList(entries) {
  const avatar = entries.find(e => e.card.type === 'avatar')
  return {
    avatar: avatar?.card.id ?? '',
    main: entries.filter(e => e !== avatar).map(e => ({ card: e.card.id, count: e.count })),
  }
}
