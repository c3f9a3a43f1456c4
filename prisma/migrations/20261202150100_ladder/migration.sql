-- The bot ladder: each bot's opt-in per game (with its deck), and each ladder match (to count a bot's matches per day,
-- find the bots in an ACTIVE one, and settle its timeouts once).
-- CreateTable
CREATE TABLE "LadderEntry" (
    "playerId" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "deck" JSONB NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "removedReason" TEXT,
    "lastOpponentId" TEXT,
    "timeoutsInRow" INTEGER NOT NULL DEFAULT 0,
    "joinedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),
    "updatedAt" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),

    CONSTRAINT "LadderEntry_pkey" PRIMARY KEY ("playerId","game")
);

-- CreateTable
CREATE TABLE "LadderGame" (
    "matchId" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "players" TEXT[],
    "settled" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),

    CONSTRAINT "LadderGame_pkey" PRIMARY KEY ("matchId")
);

-- CreateIndex
CREATE INDEX "LadderEntry_game_active_idx" ON "LadderEntry"("game", "active");
CREATE INDEX "LadderGame_game_createdAt_idx" ON "LadderGame"("game", "createdAt");

-- AddForeignKey
ALTER TABLE "LadderEntry" ADD CONSTRAINT "LadderEntry_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE CASCADE ON UPDATE CASCADE;
