/** Cyberpunk TCG's message catalogues, one per language, and the translator over them. */
import { translator, type Catalogue, type Language, type Translate } from '../../../kernel/index.ts'
import { en, type CPMessageKey } from './en.ts'
import { ptBR } from './pt-BR.ts'
import { tr } from './tr.ts'

export const CP_MESSAGES: Readonly<Record<Language, Catalogue<CPMessageKey>>> = { en, tr, 'pt-BR': ptBR }

export const cpMessages = (lang: Language | undefined): Translate<CPMessageKey> => translator(CP_MESSAGES, lang)
