-- A player's language for the words in answers to its key and its seats' tokens, and in its webhooks (en, tr, pt-BR; null: none chosen).
-- AlterTable
ALTER TABLE "Player" ADD COLUMN "language" TEXT;
