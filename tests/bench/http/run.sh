#!/usr/bin/env bash
# HTTP throughput and tail latency of /v1/iban (full key channel: auth, quota, validation, IBAN check, signed
# receipt, stored receipt and call log) against, in the same process, a bare QHttpServer route and the bare
# route plus one signed receipt per response (/bare-signed: the ceiling of any receipt-bearing route), wrk at
# 16 connections on loopback. Target: /v1/iban at least 90 % of /bare-signed, p99 at most 5 ms.
# Rounds alternate the routes, so a burst on the shared machine hits all of them; compare the best round.
# Usage: [ROUNDS=3] [DURATION=10s] tests/bench/http/run.sh [BUILD_DIR]   (build with -DADES_BENCHMARKS=ON)
set -euo pipefail
build="${1:-build-bench}"
out=$(mktemp)
data=$(mktemp -d)
BENCH_DATA_DIR="$data" "$build/tests/BenchHttpServer" > "$out" 2>/dev/null &
pid=$!
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$out" "$data"' EXIT
for _ in $(seq 50); do grep -q BARE_PORT "$out" && grep -q ADES_KEY "$out" && break; sleep 0.1; done
source "$out"
duration="${DURATION:-10s}"
iban="http://127.0.0.1:$ADES_PORT/v1/iban?value=DE89370400440532013000"
# A wrong answer must fail the run, not be measured.
curl -sf -H "X-API-Key: $ADES_KEY" "$iban" | grep -q '"valid":true'
# Throughput is noise-prone on a shared 2-core machine, so each run also reports the server's CPU time per
# request (utime+stime of the process from /proc, clock ticks -> µs): the steadier figure to compare.
tick=$(getconf CLK_TCK)
cpu() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
measure() { # label, then wrk arguments; prints "label req/s p99_ms cpu_us"
    local label=$1 before after
    shift
    before=$(cpu)
    result=$(wrk -t2 -c16 -d"$duration" --latency "$@")
    after=$(cpu)
    awk -v label="$label" -v ticks=$((after - before)) -v hz="$tick" '
        / requests in / { n = $1 }
        /Requests\/sec/ { rps = $2 }
        $1 == "99%" { v = $2; if (v ~ /us$/) p = v / 1000; else if (v ~ /ms$/) p = v + 0; else p = v * 1000 }
        END { printf "%-14s %8.0f req/s  p99 %6.2f ms  %6.1f µs server CPU/request\n", label, rps, p,
                  ticks * 1e6 / hz / n }' <<< "$result"
}
for round in $(seq "${ROUNDS:-3}"); do
    echo "== round $round"
    bare=$(measure "/bare" "http://127.0.0.1:$BARE_PORT/bare")
    signed=$(measure "/bare-signed" "http://127.0.0.1:$BARE_PORT/bare-signed")
    key=$(measure "/v1/iban" -H "X-API-Key: $ADES_KEY" "$iban")
    printf '%s\n%s\n%s\n' "$bare" "$signed" "$key"
    awk -v s="$(awk '{print $2}' <<< "$signed")" -v k="$(awk '{print $2}' <<< "$key")" \
        'BEGIN { printf "/v1/iban is %.1f %% of /bare-signed (target >= 90 %%)\n", 100 * k / s }'
done
