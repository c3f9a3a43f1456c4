-- A webhook target that keeps failing is paused: the failed deliveries in a row, and why it is paused (null when not).
-- AlterTable
ALTER TABLE "Player" ADD COLUMN "webhookFailures" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "webhookPaused" TEXT;
