-- Until when a delivery's claimed attempt may still be in flight: each player's deliveries go one at a time, and
-- no delivery is attempted again while an attempt of it may still be under way.
-- AlterTable
ALTER TABLE "WebhookDelivery" ADD COLUMN "inFlightUntil" TIMESTAMP(3);
