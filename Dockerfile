# PacePoint site: multi-stage build, runs as the unprivileged `node` user.
#   docker build -t pacepoint .
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://… -e SMTP_URL=smtp://… \
#     -e PUBLIC_URL=https://www.example.com -v pacepoint-data:/data pacepoint
#   docker exec <container> npm run admin -- licenses stats
# Public site settings (SITE_*) are fixed when the pages are built: pass them as build args.

# Node 24 LTS, the exact release CI tests on (.ci/run, NODE_VERSION).
FROM node:24.22.3-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
ARG SITE_BRAND_NAME
ARG SITE_PRODUCT_NAME
ARG SITE_SUPPORT_EMAIL
ARG SITE_PHONE
ARG SITE_HOST_NAME
ARG SITE_HOST_EMAIL
ARG SITE_DEMO_VIDEO_ID
ARG SITE_SCHEDULER_URL
ARG SITE_SCHEDULER_SCRIPT_URL
ARG SITE_MEETING_SERVICE
ARG SITE_CHAT_WIDGET_ID
ARG SITE_CHAT_SCRIPT_URL
ARG SITE_AD_CONVERSION_ID
ARG SITE_AD_CONVERSION_LABEL
ARG SITE_DOCUMENTATION_URL
ARG SITE_VIDEO_TUTORIALS_URL
ARG SITE_DOWNLOAD_URL_BASIC
ARG SITE_DOWNLOAD_URL_ADVANCED
# The build writes the resolved settings to dist/site-settings.json; the server and the admin
# CLI read them from there, so e-mails and headers match the pages.
# Tests stay out of the image: tests/ is not in the build context (.dockerignore), and the
# unit and integration tests beside the code are removed once the build is done.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund \
  && find src \( -name '*.test.ts' -o -name '*.test.tsx' \) -delete

FROM node:24.22.3-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/src ./src
COPY --from=build --chown=node:node /app/public ./public
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The server stops gracefully on SIGTERM (in-flight requests finish, the mail worker stops).
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "src/server/index.ts"]
