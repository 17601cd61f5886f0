#!/usr/bin/env bash
# Starts (start DIR [durable]) or stops and removes (stop DIR) a throwaway PostgreSQL cluster owned by the
# postgres user. Prints the connection URL on start. Tests get a fast cluster that may lose
# acknowledged writes on a crash (fsync, synchronous_commit and full_page_writes off); `durable`
# keeps PostgreSQL's own defaults, which is what the bench measures.
set -euo pipefail
cmd=$1; dir=$2; mode=${3:-fast}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ]; then
  apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi
as_pg() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }
case "$cmd" in
  start)
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
    mkdir -p "$dir"; [ "$(id -u)" = 0 ] && chown postgres "$dir"
    fast=""
    [ "$mode" = durable ] || fast="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    as_pg "$bin/initdb -D '$dir/data' -U postgres -A trust --no-sync -E UTF8 >'$dir/initdb.log' 2>&1"
    as_pg "$bin/pg_ctl -D '$dir/data' -l '$dir/server.log' -w -o \"-p $port -k '$dir' -c listen_addresses=127.0.0.1 $fast -c max_connections=300\" start >/dev/null"
    as_pg "$bin/createdb -h 127.0.0.1 -p $port -U postgres formsmith_test"
    echo "postgres://postgres@127.0.0.1:$port/formsmith_test"
    ;;
  stop)
    as_pg "$bin/pg_ctl -D '$dir/data' -m immediate stop >/dev/null 2>&1" || true
    rm -rf "$dir"
    ;;
esac
