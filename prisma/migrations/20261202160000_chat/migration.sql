-- Chat per match (rooms PLAYERS and SPECTATORS), players' mutes, the spectator room's switch, and the standing draw offer.
-- AlterTable
ALTER TABLE "Match" ADD COLUMN "spectatorChat" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "drawOffer" JSONB;

-- CreateTable
CREATE TABLE "ChatMessage" (
    "id" TEXT NOT NULL,
    "matchId" TEXT NOT NULL,
    "room" TEXT NOT NULL,
    "seat" INTEGER,
    "playerId" TEXT,
    "text" TEXT NOT NULL,
    "at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),

    CONSTRAINT "ChatMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PlayerMute" (
    "playerId" TEXT NOT NULL,
    "mutedId" TEXT NOT NULL,
    "at" TIMESTAMPTZ(6) NOT NULL DEFAULT now(),

    CONSTRAINT "PlayerMute_pkey" PRIMARY KEY ("playerId","mutedId")
);

-- CreateIndex
CREATE INDEX "ChatMessage_matchId_room_at_idx" ON "ChatMessage"("matchId", "room", "at");

-- CreateIndex
CREATE INDEX "ChatMessage_playerId_at_idx" ON "ChatMessage"("playerId", "at");

-- AddForeignKey
ALTER TABLE "ChatMessage" ADD CONSTRAINT "ChatMessage_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PlayerMute" ADD CONSTRAINT "PlayerMute_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE CASCADE ON UPDATE CASCADE;
