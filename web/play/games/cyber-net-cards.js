// The Cyber Net Cards board: each seat's avatar, life/ATK/DEF/mana, hand, armed cards, equipment, Void, and the chain.
import { html } from '../lib.js'
import { Card, FaceDown, SeatPanel, Stats, Zone } from '../parts.js'

/** @param {any} view @param {import('../parts.js').BoardContext} ctx */
export function Board({ view, ctx }) {
  return html`<div class="board">
    <p class="phase">
      Round ${view.round} · ${phaseName(view.phase)} · ${ctx.seatName(view.first)} started the
      round${view.passes ? ` · ${view.passes} pass(es)` : ''}
    </p>
    ${
      view.chain.length
        ? html`<${Zone} title="Chain (resolves last first)" count=${view.chain.length}>
          ${view.chain.map(
            l =>
              html`<div class="link">
                ${ctx.seatName(l.seat)}:
                ${l.card ? html`<${Card} id=${l.card} ctx=${ctx} dim=${l.negated} note=${[l.kind === 'use' ? 'use' : '', l.turbo ? 'turbo' : '', l.burn ? 'burn' : '', l.negated ? 'negated' : ''].filter(Boolean).join(', ')} />` : 'avatar ability'}
                ${l.target ? html` → ${ctx.card(l.target.card).name}` : null}
              </div>`,
          )}
        </${Zone}>`
        : null
    }
    ${view.coalTie ? html`<p class="note">${ctx.seatName(view.coalTie.seat)} picks which tied card gets ${view.coalTie.what === 'coal' ? 'the coal' : 'the coal move'}.</p>` : null}
    ${
      view.roundEffects.length
        ? html`<p class="note">
            This round:
            ${view.roundEffects.map(f => `${ctx.seatName(f.seat)} ${signed(f.atk)} ATK ${signed(f.def)} DEF${f.card ? ` (${ctx.card(f.card).name})` : ''}`).join('; ')}
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
      ['Life', p.life],
      ['ATK', p.atk],
      ['DEF', p.def],
      ['Mana', `${p.mana} (+${p.income})`],
      ['Deck', p.deckCount],
    ]} />
    <div class="cards">
      <${Card} id=${p.avatar} ctx=${ctx} />
      <${Card} id=${p.ability} ctx=${ctx} note=${p.abilityUsed ? 'used this round' : ''} dim=${p.abilityUsed} />
    </div>
    <p class="flags">${[p.placed ? 'placed' : 'placing', p.recycled ? 'recycled' : '', p.autoPass ? 'auto-pass on' : ''].filter(Boolean).join(' · ')}</p>
    <${Zone} title="Hand" count=${p.handCount}>${p.hand ? p.hand.map(c => html`<${Card} id=${c.card} ctx=${ctx} />`) : html`<${FaceDown} count=${p.handCount} />`}</${Zone}>
    <${Zone} title="Armed" count=${p.fieldCount}>${p.field ? p.field.map(c => html`<${Card} id=${c.card} ctx=${ctx} note="armed" />`) : html`<${FaceDown} count=${p.fieldCount} label="armed" />`}</${Zone}>
    <${Zone} title="Equipped" count=${p.equipped.length}>
      ${p.equipped.map(e => html`<${Card} id=${e.card} ctx=${ctx} note=${`${e.roundsLeft} round(s) · ${e.coal} coal${e.used ? ' · used' : ''}${e.owner !== p.seat ? ` · from ${ctx.seatName(e.owner)}` : ''}`} />`)}
    </${Zone}>
    <${Zone} title="Activated this round" count=${p.active.length}>${p.active.map(c => html`<${Card} id=${c} ctx=${ctx} />`)}</${Zone}>
    <${Zone} title="Void" count=${p.void.length}>${p.void.map(c => html`<${Card} id=${c} ctx=${ctx} />`)}</${Zone}>
  </${SeatPanel}>`
}

const phaseName = p => ({ prep: 'Preparation', action: 'Action stage', over: 'Match over' })[p] ?? p
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
