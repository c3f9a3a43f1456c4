-- Homebrew card sets: one row per version of a set (a match's decks record the exact versions they use).
-- CreateTable
CREATE TABLE "CardSet" (
    "id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "game" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "cards" JSONB NOT NULL,
    "ownerId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CardSet_pkey" PRIMARY KEY ("id","version")
);

-- CreateIndex
CREATE INDEX "CardSet_ownerId_game_idx" ON "CardSet"("ownerId", "game");

-- AddForeignKey
ALTER TABLE "CardSet" ADD CONSTRAINT "CardSet_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "Player"("id") ON DELETE CASCADE ON UPDATE CASCADE;
