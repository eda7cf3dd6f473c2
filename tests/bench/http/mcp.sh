#!/usr/bin/env bash
# MCP overhead: tools/call of validate_iban over POST /mcp against GET /v1/iban for the same IBAN, both
# through the complete service (validation, IBAN check, signed receipt, stored receipt and call log), wrk at
# 16 connections on loopback. Target: MCP costs at most 25 % more per call than the key channel.
# Usage: tests/bench/http/mcp.sh [BUILD_DIR]   (build BenchHttpServer with -DADES_BENCHMARKS=ON first)
set -euo pipefail
build="${1:-build-bench}"
here="$(cd "$(dirname "$0")" && pwd)"
out=$(mktemp)
"$build/tests/BenchHttpServer" > "$out" 2>/dev/null &
pid=$!
trap 'kill $pid 2>/dev/null || true; rm -f "$out"' EXIT
for _ in $(seq 50); do grep -q ADES_PORT "$out" && grep -q ADES_KEY "$out" && break; sleep 0.1; done
source "$out"
duration="${DURATION:-10s}"
# One call each first: a wrong answer must fail the run, not be measured.
curl -sf -H "X-API-Key: $ADES_KEY" "http://127.0.0.1:$ADES_PORT/v1/iban?value=DE89370400440532013000" \
    | grep -q '"valid":true'
curl -sf -H 'Content-Type: application/json' -d \
    '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"validate_iban","arguments":{"iban":"DE89370400440532013000"}}}' \
    "http://127.0.0.1:$ADES_PORT/mcp" | grep -q '"valid":true'
# Alternating rounds: on a shared 2-core machine throughput is noise-prone, so each run also reports the
# server's CPU time per request (utime+stime of the process from /proc, clock ticks -> µs).
tick=$(getconf CLK_TCK)
cpu() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
measure() { # label, then wrk arguments
    local label=$1 before after out
    shift
    before=$(cpu)
    out=$(wrk -t2 -c16 -d"$duration" "$@")
    after=$(cpu)
    awk -v label="$label" -v ticks=$((after - before)) -v hz="$tick" '
        / requests in / { n = $1 }
        /Requests\/sec/ { rps = $2 }
        END { printf "%-24s %8.0f req/s %8.1f µs server CPU/request\n", label, rps, ticks * 1e6 / hz / n }' <<< "$out"
}
for round in $(seq "${ROUNDS:-3}"); do
    echo "== round $round"
    measure "GET /v1/iban" -H "X-API-Key: $ADES_KEY" \
        "http://127.0.0.1:$ADES_PORT/v1/iban?value=DE89370400440532013000"
    measure "POST /mcp tools/call" -s "$here/mcp-call.lua" "http://127.0.0.1:$ADES_PORT/mcp"
done
