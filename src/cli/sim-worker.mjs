// The piscina worker: registers tsx in this thread (workers do not inherit a programmatic registration), then runs
// tasks.
import { register } from 'tsx/esm/api'

register()
const { runTask } = await import('./sim-task.ts')
export default runTask
