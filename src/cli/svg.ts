// Small SVG plots for tournament results: a win-rate heat map and a histogram, with no plotting library.

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
  const [r, g, b] = t < 0.5 ? [mix(214, 255, t * 2), mix(96, 255, t * 2), mix(77, 255, t * 2)] : [mix(255, 67, t * 2 - 1), mix(255, 147, t * 2 - 1), mix(255, 195, t * 2 - 1)]
  return `rgb(${r},${g},${b})`
}

/** Row i, column j: entrant i's score share against j (blank where they did not meet). */
export function winRateHeatmap(title: string, labels: readonly string[], matrix: readonly (number | null)[][]): string {
  const cell = 64
  // Column labels run up and to the right at 40°: about 7 px a character, so cos 40° of that across and sin 40° up.
  const longest = Math.max(...labels.map((l) => l.length)) * 7
  const left = longest + 16
  const top = 40 + Math.ceil(longest * 0.65)
  const size = labels.length * cell
  const right = Math.ceil(longest * 0.77) + 16
  const body: string[] = [`<text x="10" y="20" font-size="14" font-weight="bold">${esc(title)}</text>`]
  labels.forEach((label, i) => {
    body.push(`<text x="${left - 8}" y="${top + i * cell + cell / 2 + 4}" text-anchor="end">${esc(label)}</text>`)
    const x = left + i * cell + cell / 2
    body.push(`<text x="${x}" y="${top - 8}" transform="rotate(-40 ${x} ${top - 8})">${esc(label)}</text>`)
  })
  matrix.forEach((row, i) =>
    row.forEach((v, j) => {
      const x = left + j * cell
      const y = top + i * cell
      body.push(`<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="${v === null ? '#eee' : diverging(v)}" stroke="white"/>`)
      if (v !== null) body.push(`<text x="${x + cell / 2}" y="${y + cell / 2 + 4}" text-anchor="middle">${(100 * v).toFixed(0)}%</text>`)
    }),
  )
  body.push(`<text x="10" y="${top + size + 20}" fill="#555">row's score share against column (draws count half)</text>`)
  return svg(Math.max(360, left + size + right), top + size + 32, body)
}

/** Counts of `values` in `bins` equal-width bins, with axes labelled. */
export function histogram(title: string, xLabel: string, values: readonly number[], bins = 20): string {
  const [w, h, left, bottom, top] = [560, 300, 50, 40, 36]
  const min = values.length ? Math.min(...values) : 0
  const max = values.length ? Math.max(...values) : 1
  const width = Math.max(1, Math.ceil((max - min + 1) / bins))
  const counts = new Array<number>(bins).fill(0)
  for (const v of values) counts[Math.min(bins - 1, Math.floor((v - min) / width))]!++
  const peak = Math.max(1, ...counts)
  const plotW = w - left - 20
  const plotH = h - top - bottom
  const barW = plotW / bins
  const body: string[] = [`<text x="${left}" y="20" font-size="14" font-weight="bold">${esc(title)}</text>`]
  counts.forEach((c, i) => {
    const bh = (c / peak) * plotH
    body.push(`<rect x="${(left + i * barW).toFixed(1)}" y="${(top + plotH - bh).toFixed(1)}" width="${(barW - 1).toFixed(1)}" height="${bh.toFixed(1)}" fill="#4393c3"/>`)
  })
  body.push(`<line x1="${left}" y1="${top + plotH}" x2="${left + plotW}" y2="${top + plotH}" stroke="black"/>`)
  body.push(`<line x1="${left}" y1="${top}" x2="${left}" y2="${top + plotH}" stroke="black"/>`)
  for (let i = 0; i <= bins; i += Math.max(1, Math.floor(bins / 5))) {
    body.push(`<text x="${(left + i * barW).toFixed(1)}" y="${top + plotH + 16}" text-anchor="middle">${min + i * width}</text>`)
  }
  body.push(`<text x="${left - 6}" y="${top + 4}" text-anchor="end">${peak}</text>`)
  body.push(`<text x="${left - 6}" y="${top + plotH}" text-anchor="end">0</text>`)
  body.push(`<text x="${left + plotW / 2}" y="${h - 6}" text-anchor="middle">${esc(xLabel)}</text>`)
  return svg(w, h, body)
}
