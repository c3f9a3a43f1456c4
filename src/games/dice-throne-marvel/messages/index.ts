/** Marvel Dice Throne's message catalogues, one per language, and the translator over them. */
import { translator, type Catalogue, type Language, type Translate } from '../../../kernel/index.ts'
import { en, type DTMessageKey } from './en.ts'
import { ptBR } from './pt-BR.ts'
import { tr } from './tr.ts'

export const DT_MESSAGES: Readonly<Record<Language, Catalogue<DTMessageKey>>> = { en, tr, 'pt-BR': ptBR }

export const dtMessages = (lang: Language | undefined): Translate<DTMessageKey> => translator(DT_MESSAGES, lang)
