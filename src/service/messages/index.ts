/** The service's message catalogues, one per language, and the translator over them. */
import { translator, type Catalogue, type Language, type Translate } from '../../kernel/index.ts'
import { en, type ServiceMessageKey } from './en.ts'
import { ptBR } from './pt-BR.ts'
import { tr } from './tr.ts'

export const SERVICE_MESSAGES: Readonly<Record<Language, Catalogue<ServiceMessageKey>>> = { en, tr, 'pt-BR': ptBR }

export const serviceMessages = (lang: Language | undefined): Translate<ServiceMessageKey> =>
  translator(SERVICE_MESSAGES, lang)
export type { ServiceMessageKey }
