// The progress bar on stderr: games done, rate and ETA (cli-progress draws nothing when stderr is not a terminal).
import cliProgress from 'cli-progress'

export function progressBar(total: number): { tick: (done: number) => void; stop: () => void } {
  const bar = new cliProgress.SingleBar(
    {
      format: 'sim |{bar}| {value}/{total} games | {rate} games/s | ETA {eta_formatted}',
      stream: process.stderr,
      hideCursor: true,
      etaBuffer: 100,
    },
    cliProgress.Presets.shades_classic,
  )
  const start = performance.now()
  bar.start(total, 0, { rate: '0.0' })
  return {
    tick: done => bar.update(done, { rate: (done / ((performance.now() - start) / 1000)).toFixed(1) }),
    stop: () => bar.stop(),
  }
}
