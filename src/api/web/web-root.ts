/** Where the browser pages live: the top-level web/ folder of the checkout. */
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web')
