-- AlterEnum
ALTER TYPE "MatchStatus" ADD VALUE 'WAITING' BEFORE 'ACTIVE';

-- CreateEnum
CREATE TYPE "SeedSource" AS ENUM ('SERVER', 'CLIENT');

-- CreateTable
CREATE TABLE "Player" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "bot" BOOLEAN NOT NULL DEFAULT false,
    "keyHash" TEXT NOT NULL,
    "webhookUrl" TEXT,
    "webhookSecret" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Player_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "id" TEXT NOT NULL,
    "playerId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "matchId" TEXT,
    "url" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("id")
);

-- AlterTable
ALTER TABLE "Match" ADD COLUMN "seedCommitment" TEXT NOT NULL DEFAULT '',
ADD COLUMN "seedSource" "SeedSource" NOT NULL DEFAULT 'CLIENT',
ADD COLUMN "public" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "clock" JSONB,
ADD COLUMN "deadline" TIMESTAMP(3),
ADD COLUMN "endReason" TEXT,
ADD COLUMN "rematchId" TEXT,
ADD COLUMN "rematchOffers" JSONB NOT NULL DEFAULT '{}';

-- AlterTable
ALTER TABLE "Seat" ALTER COLUMN "tokenHash" DROP NOT NULL,
ALTER COLUMN "deck" DROP NOT NULL,
ADD COLUMN "playerId" TEXT,
ADD COLUMN "open" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "inviteHash" TEXT,
ADD COLUMN "bot" JSONB,
ADD COLUMN "entropy" TEXT;

-- AlterTable
ALTER TABLE "Action" ADD COLUMN "kind" TEXT NOT NULL DEFAULT 'move',
ADD COLUMN "label" TEXT NOT NULL DEFAULT '',
ADD COLUMN "publicLabel" TEXT NOT NULL DEFAULT '';

-- AlterTable
ALTER TABLE "IdempotencyKey" ADD COLUMN "requestHash" TEXT NOT NULL DEFAULT '',
ADD COLUMN "result" JSONB;

-- CreateIndex
CREATE UNIQUE INDEX "Player_keyHash_key" ON "Player"("keyHash");

-- CreateIndex
CREATE INDEX "WebhookDelivery_playerId_createdAt_idx" ON "WebhookDelivery"("playerId", "createdAt");

-- CreateIndex
CREATE INDEX "Seat_playerId_idx" ON "Seat"("playerId");

-- CreateIndex
CREATE UNIQUE INDEX "Seat_inviteHash_key" ON "Seat"("inviteHash");

-- CreateIndex
CREATE INDEX "Match_status_public_idx" ON "Match"("status", "public");

-- CreateIndex
CREATE INDEX "IdempotencyKey_createdAt_idx" ON "IdempotencyKey"("createdAt");

-- AddForeignKey
ALTER TABLE "Seat" ADD CONSTRAINT "Seat_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE CASCADE ON UPDATE CASCADE;
