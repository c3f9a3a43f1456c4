-- AlterTable
ALTER TABLE "Deck" ADD COLUMN "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN "ownerId" TEXT,
ADD COLUMN "editTokenHash" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Deck_editTokenHash_key" ON "Deck"("editTokenHash");

-- CreateIndex
CREATE INDEX "Deck_ownerId_game_idx" ON "Deck"("ownerId", "game");

-- AddForeignKey
ALTER TABLE "Deck" ADD CONSTRAINT "Deck_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "Player"("id") ON DELETE CASCADE ON UPDATE CASCADE;
