# syntax=docker/dockerfile:1
# Build stage: all dependencies, to generate the Prisma client (which the runtime image then copies).
FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts ./scripts
COPY prisma ./prisma
COPY prisma.config.ts ./
RUN npm ci --no-audit --no-fund

# Runtime stage: production dependencies only, plus the generated client.
FROM node:20-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts ./scripts
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/src/generated ./src/generated
COPY prisma ./prisma
COPY schema.graphql tsconfig.json ./
COPY src ./src
COPY web ./web
USER node
EXPOSE 3000
# The server applies prisma/migrations itself before it listens (src/store/migrate.ts), so starting it
# is "run migrations, then serve". It expects DATABASE_URL (without it, it would use an embedded
# database inside the container, which is lost with the container).
CMD ["node", "--import", "tsx", "src/main.ts"]
