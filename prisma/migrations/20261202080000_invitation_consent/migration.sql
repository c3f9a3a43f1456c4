-- Invitations need consent: a seat reserved for another player keeps the creator's proposed deck until that player
-- accepts (joinMatch) or declines; a player may refuse every invitation from another.
-- AlterTable
ALTER TABLE "Seat" ADD COLUMN "proposedDeck" JSONB,
ADD COLUMN "proposedDeckId" TEXT;

-- CreateTable
CREATE TABLE "InvitationBlock" (
    "playerId" TEXT NOT NULL,
    "blockedId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "InvitationBlock_pkey" PRIMARY KEY ("playerId","blockedId")
);

-- AddForeignKey
ALTER TABLE "InvitationBlock" ADD CONSTRAINT "InvitationBlock_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InvitationBlock" ADD CONSTRAINT "InvitationBlock_blockedId_fkey" FOREIGN KEY ("blockedId") REFERENCES "Player"("id") ON DELETE CASCADE ON UPDATE CASCADE;
