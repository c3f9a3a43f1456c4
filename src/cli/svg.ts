// Small SVG plots for tournament results: a win-rate heat map, the first seat's split and game lengths, with no
// plotting library.

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

function svg(width: number, height: number, body: string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    ...body,
    '</svg>',
    '',
  ].join('\n')
}

/** Red for 0, white for 0.5, blue for 1. */
function diverging(x: number): string {
  const t = Math.max(0, Math.min(1, x))
  const mix = (from: number, to: number, u: number) => Math.round(from + (to - from) * u)
  const [r, g, b] =
    t < 0.5
      ? [mix(214, 255, t * 2), mix(96, 255, t * 2), mix(77, 255, t * 2)]
      : [mix(255, 67, t * 2 - 1), mix(255, 147, t * 2 - 1), mix(255, 195, t * 2 - 1)]
  return `rgb(${r},${g},${b})`
}

/** A cell of the heat map: the row's games against the column (as summary.ts MatrixCell). */
export interface HeatCell {
  games: number
  wins: number
  losses: number
  draws: number
  cutOff: number
  rate: number
  ci95: [number, number]
}

const pct = (x: number) => `${(100 * x).toFixed(0)}%`
// Hatching marks what a score share cannot be trusted for: cells where half the games or more were cut off.
const HATCH =
  '<defs><pattern id="cut" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="8" height="8" fill="#ddd"/><line x1="0" y1="0" x2="0" y2="8" stroke="#999" stroke-width="3"/></pattern></defs>'

/**
 * Row i, column j: entrant i's score share against j (blank where they did not meet), with the number of games, the
 * 95% interval, wins–draws–losses and the games cut off at the decision limit; mostly cut-off cells are hatched.
 */
export function winRateHeatmap(
  title: string,
  labels: readonly string[],
  cells: readonly (HeatCell | null)[][],
): string {
  const [cellW, cellH] = [112, 84]
  // Column labels run up and to the right at 40°: about 7 px a character, so cos 40° of that across and sin 40° up.
  const longest = Math.max(...labels.map(l => l.length)) * 7
  const left = longest + 16
  const top = 40 + Math.ceil(longest * 0.65)
  const right = Math.ceil(longest * 0.77) + 16
  const body: string[] = [HATCH, `<text x="10" y="20" font-size="14" font-weight="bold">${esc(title)}</text>`]
  labels.forEach((label, i) => {
    body.push(`<text x="${left - 8}" y="${top + i * cellH + cellH / 2 + 4}" text-anchor="end">${esc(label)}</text>`)
    const x = left + i * cellW + cellW / 2
    body.push(`<text x="${x}" y="${top - 8}" transform="rotate(-40 ${x} ${top - 8})">${esc(label)}</text>`)
  })
  cells.forEach((row, i) =>
    row.forEach((c, j) => {
      const x = left + j * cellW
      const y = top + i * cellH
      const mostlyCut = c !== null && c.cutOff * 2 >= c.games && c.games > 0
      body.push(
        `<rect x="${x}" y="${y}" width="${cellW}" height="${cellH}" fill="${c === null ? '#eee' : mostlyCut ? 'url(#cut)' : diverging(c.rate)}" stroke="white"/>`,
      )
      if (c === null) return
      const mid = x + cellW / 2
      body.push(
        `<text x="${mid}" y="${y + 22}" text-anchor="middle" font-size="16" font-weight="bold">${pct(c.rate)}</text>`,
      )
      body.push(
        `<text x="${mid}" y="${y + 38}" text-anchor="middle" font-size="10">95% ${pct(c.ci95[0])}–${pct(c.ci95[1])}</text>`,
      )
      body.push(
        `<text x="${mid}" y="${y + 52}" text-anchor="middle" font-size="10">${c.games} games: ${c.wins}–${c.draws}–${c.losses}</text>`,
      )
      if (c.cutOff > 0)
        body.push(
          `<text x="${mid}" y="${y + 66}" text-anchor="middle" font-size="10" fill="#a00">${c.cutOff} cut off</text>`,
        )
    }),
  )
  const bottom = top + labels.length * cellH
  body.push(
    `<text x="10" y="${bottom + 20}" fill="#555">row's score share against column: draws and cut-off games count half; 95% Wilson interval;</text>`,
  )
  body.push(
    `<text x="10" y="${bottom + 36}" fill="#555">games: wins–draws–losses of the row; cut off = stopped at the decision limit (hatched: half or more)</text>`,
  )
  return svg(Math.max(600, left + labels.length * cellW + right), bottom + 48, body)
}

/** Seat 0's outcomes, per pairing and overall: stacked bars of seat 0 wins, draws, cut-off games and seat 1 wins. */
export function firstSeatChart(
  title: string,
  rows: readonly { label: string; seat0Wins: number; seat1Wins: number; draws: number; cutOff: number }[],
  overall: { rate: number; ci95: [number, number]; games: number },
): string {
  const labelW = Math.max(80, ...rows.map(r => r.label.length * 7)) + 16
  const [barW, barH, top] = [360, 22, 56]
  const parts = [
    { key: 'seat0Wins', name: 'seat 0 won', fill: '#4393c3' },
    { key: 'draws', name: 'draw', fill: '#bbb' },
    { key: 'cutOff', name: 'cut off', fill: 'url(#cut)' },
    { key: 'seat1Wins', name: 'seat 1 won', fill: '#d6604d' },
  ] as const
  const body: string[] = [HATCH, `<text x="10" y="20" font-size="14" font-weight="bold">${esc(title)}</text>`]
  parts.forEach((p, k) => {
    body.push(
      `<rect x="${labelW + k * 90}" y="30" width="12" height="12" fill="${p.fill}"/>`,
      `<text x="${labelW + k * 90 + 16}" y="40">${p.name}</text>`,
    )
  })
  rows.forEach((r, i) => {
    const y = top + i * (barH + 8)
    const total = r.seat0Wins + r.seat1Wins + r.draws + r.cutOff
    body.push(`<text x="${labelW - 8}" y="${y + barH / 2 + 4}" text-anchor="end">${esc(r.label)}</text>`)
    let x = labelW
    for (const p of parts) {
      const count = r[p.key]
      if (count === 0 || total === 0) continue
      const w = (count / total) * barW
      body.push(`<rect x="${x.toFixed(1)}" y="${y}" width="${w.toFixed(1)}" height="${barH}" fill="${p.fill}"/>`)
      if (w >= 18)
        body.push(`<text x="${(x + w / 2).toFixed(1)}" y="${y + barH / 2 + 4}" text-anchor="middle">${count}</text>`)
      x += w
    }
  })
  const bottom = top + rows.length * (barH + 8)
  body.push(
    `<line x1="${labelW + barW / 2}" y1="${top - 4}" x2="${labelW + barW / 2}" y2="${bottom - 4}" stroke="black" stroke-dasharray="3 3"/>`,
  )
  body.push(
    `<text x="10" y="${bottom + 16}" fill="#555">seat 0 over all ${overall.games} games: ${(100 * overall.rate).toFixed(1)}% (95% ${(100 * overall.ci95[0]).toFixed(1)}–${(100 * overall.ci95[1]).toFixed(1)}%; draws and cut-off games count half)</text>`,
  )
  return svg(Math.max(560, labelW + barW + 24), bottom + 28, body)
}

/** One histogram's elements at (x0, y0): counts of every series in shared equal-width bins, stacked, axes labelled. */
function histogramBody(
  x0: number,
  y0: number,
  title: string,
  xLabel: string,
  series: readonly { label: string; fill: string; values: readonly number[] }[],
  bins: number,
): string[] {
  const [w, h, left, bottom, top] = [560, 300, 50, 40, 36]
  const all = series.flatMap(s => s.values)
  const min = all.length ? Math.min(...all) : 0
  const max = all.length ? Math.max(...all) : 1
  const width = Math.max(1, Math.ceil((max - min + 1) / bins))
  const counts = series.map(s => {
    const c = new Array<number>(bins).fill(0)
    for (const v of s.values) c[Math.min(bins - 1, Math.floor((v - min) / width))]!++
    return c
  })
  const totals = Array.from({ length: bins }, (_, b) => counts.reduce((a, c) => a + c[b]!, 0))
  const peak = Math.max(1, ...totals)
  const plotW = w - left - 20
  const plotH = h - top - bottom
  const barW = plotW / bins
  const [ox, oy] = [x0 + left, y0 + top]
  const body: string[] = [`<text x="${ox}" y="${y0 + 20}" font-size="14" font-weight="bold">${esc(title)}</text>`]
  for (let b = 0; b < bins; b++) {
    let stacked = 0
    series.forEach((s, k) => {
      const c = counts[k]![b]!
      if (c === 0) return
      const bh = (c / peak) * plotH
      body.push(
        `<rect x="${(ox + b * barW).toFixed(1)}" y="${(oy + plotH - stacked - bh).toFixed(1)}" width="${(barW - 1).toFixed(1)}" height="${bh.toFixed(1)}" fill="${s.fill}"/>`,
      )
      stacked += bh
    })
  }
  body.push(`<line x1="${ox}" y1="${oy + plotH}" x2="${ox + plotW}" y2="${oy + plotH}" stroke="black"/>`)
  body.push(`<line x1="${ox}" y1="${oy}" x2="${ox}" y2="${oy + plotH}" stroke="black"/>`)
  for (let i = 0; i <= bins; i += Math.max(1, Math.floor(bins / 5))) {
    body.push(
      `<text x="${(ox + i * barW).toFixed(1)}" y="${oy + plotH + 16}" text-anchor="middle">${min + i * width}</text>`,
    )
  }
  body.push(`<text x="${ox - 6}" y="${oy + 4}" text-anchor="end">${peak}</text>`)
  body.push(`<text x="${ox - 6}" y="${oy + plotH}" text-anchor="end">0</text>`)
  body.push(`<text x="${ox + plotW / 2}" y="${y0 + h - 6}" text-anchor="middle">${esc(xLabel)}</text>`)
  if (series.length > 1) {
    series.forEach((s, k) => {
      const lx = ox + plotW - 150
      const ly = oy + 4 + k * 16
      body.push(
        `<rect x="${lx}" y="${ly}" width="12" height="12" fill="${s.fill}"/>`,
        `<text x="${lx + 16}" y="${ly + 10}">${esc(s.label)} (${s.values.length})</text>`,
      )
    })
  }
  return body
}

/**
 * Game lengths, finished games and cut-off games stacked apart: in decisions, and below in turns when the engine tells
 * its turn (`turns` null: decisions only, and the plot says so).
 */
export function gameLengthPlots(
  title: string,
  games: readonly { decisions: number; turns?: number; finished: boolean }[],
  bins = 20,
): string {
  const split = (pick: (g: (typeof games)[number]) => number) => [
    { label: 'finished', fill: '#4393c3', values: games.filter(g => g.finished).map(pick) },
    { label: 'cut off', fill: '#d6604d', values: games.filter(g => !g.finished).map(pick) },
  ]
  const withTurns = games.length > 0 && games.every(g => g.turns !== undefined)
  const body = histogramBody(
    0,
    0,
    `${title}, in decisions`,
    'decisions per game',
    split(g => g.decisions),
    bins,
  )
  if (withTurns)
    body.push(
      ...histogramBody(
        0,
        300,
        `${title}, in turns`,
        'turns per game',
        split(g => g.turns!),
        bins,
      ),
    )
  else
    body.push(
      `<text x="50" y="316" fill="#555">the engine tells no turn number, so lengths are in decisions only</text>`,
    )
  return svg(560, withTurns ? 600 : 328, body)
}
