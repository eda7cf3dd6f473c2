#!/usr/bin/env bash
# HTTP throughput of /v1/iban (full key channel: auth, quota, validation, IBAN check, signed receipt, store)
# against a bare QHttpServer route in the same process, with wrk at 16 connections on loopback.
# Usage: tests/bench/http/run.sh [BUILD_DIR]   (build with -DADES_BENCHMARKS=ON first)
set -euo pipefail
build="${1:-build-bench}"
out=$(mktemp)
"$build/tests/BenchHttpServer" > "$out" 2>/dev/null &
pid=$!
trap 'kill $pid 2>/dev/null || true; rm -f "$out"' EXIT
for _ in $(seq 50); do grep -q BARE_PORT "$out" && grep -q ADES_KEY "$out" && break; sleep 0.1; done
source "$out"
duration="${DURATION:-10s}"
echo "== bare route (same binary)"
wrk -t2 -c16 -d"$duration" "http://127.0.0.1:$BARE_PORT/bare"
echo "== /v1/iban"
wrk -t2 -c16 -d"$duration" -H "X-API-Key: $ADES_KEY" "http://127.0.0.1:$ADES_PORT/v1/iban?value=DE89370400440532013000"
echo "== bare route + one signed receipt per response (the floor of any receipt-bearing route)"
wrk -t2 -c16 -d"$duration" "http://127.0.0.1:$BARE_PORT/bare-signed"
