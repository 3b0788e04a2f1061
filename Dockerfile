# The plangate GitHub App (docs/deploy.md). One image, three roles:
#   docker run … plangate-app web      verify deliveries, queue them on Redis, answer at once
#   docker run … plangate-app worker   run queued deliveries (evaluations, labels, commands)
#   docker run … plangate-app all      both; without REDIS_URL, one process with no queue
# Build: docker build -t plangate-app .

# ── build: install exactly what the lockfile says and compile src/ to lib/ (build:lib; the
#    CLI bundle that `npm run build` adds is the npm package's, not the App's) ──────────
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# No lifecycle scripts yet (`prepare` builds, and the sources are not copied yet).
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
RUN npm run build:lib \
 && rm -rf node_modules/.cache

# ── runtime: the compiled App and its node_modules, run as the unprivileged `node` user ──
FROM node:20-bookworm-slim AS runtime
# /readyz and /metrics are on METRICS_PORT, a port of their own: publish only PORT to the internet.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    METRICS_HOST=0.0.0.0 \
    METRICS_PORT=9464
WORKDIR /app
# The App's packages (probot, bullmq, ioredis, prom-client, pino) are the repository's dev and
# optional-peer dependencies, so the installed tree is copied as the lockfile resolved it.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/lib ./lib
COPY bin/plangate-app.js ./bin/plangate-app.js
COPY app.yml ./app.yml
USER node
EXPOSE 3000
# /healthz: the process answers (readiness, /readyz on METRICS_PORT, is for the load balancer).
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM stops the App gracefully (running jobs finish): keep node as PID 1's direct child via --init.
ENTRYPOINT ["node", "bin/plangate-app.js"]
CMD ["all"]
