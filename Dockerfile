# syntax=docker/dockerfile:1
# Formsmith in one image: the built server and web app with production dependencies only, run as
# a non-root user, data in the DATA_DIR volume. See docs/container.md.
#   podman build -t formsmith .          (or docker build)
#   podman run -p 3000:3000 -v formsmith-data:/data formsmith
# BASE_IMAGE: any image with Node 24 on glibc (node at /usr/local/bin or on PATH).
ARG BASE_IMAGE=node:24-slim

# The workspace manifests: the dependency layers are reused until the lockfile changes.
FROM ${BASE_IMAGE} AS manifests
WORKDIR /src
COPY package.json package-lock.json .npmrc ./
COPY packages/core/package.json packages/core/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/

# No dependency needs an install script (esbuild finds its binary through its optional platform
# package). NODE_EXTRA_CA_CERTS: behind a TLS-inspecting proxy, a CA file npm should trust.
FROM manifests AS build
ARG NODE_EXTRA_CA_CERTS
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build

# The server's dependencies and those of the core source it bundles; the web app is prebuilt
# (its server-side page is bundled with everything it needs).
FROM manifests AS deps
ARG NODE_EXTRA_CA_CERTS
# The submission PDF draws with two weights of each font package (regular and bold, named in
# apps/server/src/modules/submissions/pdf/fonts.ts): the other weights and the preview pictures,
# about 120 MB, stay out of the image.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w apps/server -w packages/core \
  && find node_modules/@expo-google-fonts -type f \( -name '*.png' -o -name '*.ttf' \) \
       ! -name '*_400Regular.ttf' ! -name '*_700Bold.ttf' -delete \
  && npm cache clean --force \
  && rm -rf /root/.npm

FROM ${BASE_IMAGE}
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
# uid 1000 is `node` in the official image; other bases get a user of that uid.
RUN (getent passwd 1000 >/dev/null || useradd --uid 1000 --user-group --no-create-home --home-dir /app formsmith) \
  && mkdir -p /data && chown 1000:1000 /data && chmod 700 /data
COPY --from=deps /src/node_modules ./node_modules
COPY package.json ./
COPY apps/server/package.json apps/server/
COPY packages/core/package.json packages/core/
COPY --from=build /src/apps/server/dist apps/server/dist
COPY --from=build /src/apps/web/dist apps/web/dist
USER 1000:1000
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is PID 1 and handles SIGTERM itself (main.ts: closes the server and the database, exit 0).
STOPSIGNAL SIGTERM
# The flags of `npm start` (scripts/server-flags.mjs).
CMD ["node", "--enable-source-maps", "--max-old-space-size=512", "apps/server/dist/main.js"]
