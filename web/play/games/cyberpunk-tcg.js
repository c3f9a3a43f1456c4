// The Cyberpunk TCG board: each seat's Legends, Units with gear, Gigs and Fixer dice, eddies, hand, trash; the attack
// and open prompts.
import { html } from '../lib.js'
import { Card, Die, FaceDown, SeatPanel, Stats, Zone } from '../parts.js'

const PHASES = {
  choose: 'Choosing who goes first',
  mull: 'Mulligans',
  start: 'Start phase',
  main: 'Main phase',
  end: 'End phase',
  over: 'Game over',
}

/** @param {any} view @param {import('../parts.js').BoardContext} ctx */
export function Board({ view, ctx }) {
  const unitName = uid => {
    for (const p of view.players) {
      const u = p.field.find(f => f.uid === uid)
      if (u) return ctx.card(u.card).name
    }
    return `card ${uid}`
  }
  return html`<div class="board">
    <p class="phase">
      Turn ${view.turn} · ${PHASES[view.phase] ?? view.phase} · ${ctx.seatName(view.activeSeat)}'s
      turn${view.overtime ? ' · overtime' : ''}
    </p>
    ${
      view.attack
        ? html`<p class="note">
            Attack: ${ctx.seatName(view.attack.seat)}'s ${unitName(view.attack.attacker)} attacks
            ${view.attack.target === 'gigs' ? 'the Gigs' : unitName(view.attack.target)} (${view.attack.step})
          </p>`
        : null
    }
    ${
      view.prompt
        ? html`<div class="prompt">
            <p>${ctx.seatName(view.prompt.seat)} decides: ${view.prompt.label}</p>
            ${view.prompt.seen?.length ? html`<${Zone} title="Looked at">${view.prompt.seen.map(c => html`<${Card} id=${c} ctx=${ctx} />`)}</${Zone}>` : null}
          </div>`
        : null
    }
    ${view.pending.length ? html`<p class="note">Waiting to resolve: ${view.pending.map(p => `${ctx.card(p.card).name} (${ctx.seatName(p.seat)})`).join(', ')}</p>` : null}
    ${view.limbo.length ? html`<${Zone} title="Being played">${view.limbo.map(c => html`<${Card} id=${c} ctx=${ctx} />`)}</${Zone}>` : null}
    <div class="seats">
      ${view.players.map(p => html`<${Player} p=${p} ctx=${ctx} active=${ctx.toAct.includes(p.seat)} />`)}
    </div>
  </div>`
}

function Player({ p, ctx, active }) {
  const gear = g => g.map(x => html`<${Card} id=${x.card} ctx=${ctx} note="attached" />`)
  return html`<${SeatPanel} seat=${p.seat} ctx=${ctx} active=${active}>
    <${Stats} items=${[
      ['Street Cred', p.streetCred ?? '—'],
      ['Eddies', `${p.eddies.ready} ready / ${p.eddies.total}`],
      ['Hand', p.handCount],
      ['Deck', p.deckCount],
    ]} />
    <p class="dice">Gigs: ${p.gigs.length ? p.gigs.map(g => html`<${Die} face=${g.value} size=${g.size} />`) : 'none'}
      · Fixer: ${p.fixer.length ? p.fixer.map(d => html`<${Die} face=${`d${d.size}`} title="not rolled" />`) : 'empty'}</p>
    <p class="flags">${[p.soldThisTurn ? 'sold this turn' : '', p.calledThisTurn ? 'called this turn' : '', p.autoPass ? 'auto-pass on' : ''].filter(Boolean).join(' · ')}</p>
    <${Zone} title="Legends">
      ${p.legends.map(l =>
        l === null
          ? null
          : l.faceUp
            ? html`<div class="stack">
                <${Card} id=${l.card} ctx=${ctx} note=${l.spent ? 'spent' : 'ready'} dim=${l.spent} />${gear(l.gear)}
              </div>`
            : l.known
              ? html`<${Card} id=${l.known} ctx=${ctx} note="face down (you looked)" />`
              : html`<${FaceDown} count=${1} label="face-down Legend" />`,
      )}
    </${Zone}>
    <${Zone} title="Field" count=${p.field.length}>
      ${p.field.map(u => html`<div class="stack"><${Card} id=${u.card} ctx=${ctx} note=${`power ${u.power}${u.spent ? ' · spent' : ''}${u.lag ? ' · just played' : ''}`} dim=${u.spent} />${gear(u.gear)}</div>`)}
    </${Zone}>
    <${Zone} title="Hand" count=${p.handCount}>${p.hand ? p.hand.map(c => html`<${Card} id=${c} ctx=${ctx} />`) : html`<${FaceDown} count=${p.handCount} />`}</${Zone}>
    <${Zone} title="Trash" count=${p.trash.length}>${p.trash.map(c => html`<${Card} id=${c} ctx=${ctx} />`)}</${Zone}>
    ${p.removed.length ? html`<${Zone} title="Removed from the game">${p.removed.map(c => html`<${Card} id=${c} ctx=${ctx} />`)}</${Zone}>` : null}
  </${SeatPanel}>`
}

/**
 * A pasted list as a deck: its three Legends, then the main deck. @param {{ card: import('../parts.js').CardInfo,
 * count: number }[]} entries
 */
export function deckFromList(entries) {
  const legends = entries.filter(e => e.card.type === 'Legend').flatMap(e => Array(e.count).fill(e.card.id))
  return {
    legends,
    main: entries.filter(e => e.card.type !== 'Legend').map(e => ({ card: e.card.id, count: e.count })),
  }
}
