/** Cyber Net Cards' message catalogues, one per language, and the translator over them. */
import { translator, type Catalogue, type Language, type Translate } from '../../../kernel/index.ts'
import { en, type CNMessageKey } from './en.ts'
import { ptBR } from './pt-BR.ts'
import { tr } from './tr.ts'

export const CN_MESSAGES: Readonly<Record<Language, Catalogue<CNMessageKey>>> = { en, tr, 'pt-BR': ptBR }

export const cnMessages = (lang: Language | undefined): Translate<CNMessageKey> => translator(CN_MESSAGES, lang)
