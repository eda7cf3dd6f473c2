#pragma once

#include "ChainInfo.h"
#include "JsonRpc.h"
#include "core/Result.h"
#include "ops/chain/abi/Uint256.h"
#include "upstream/FetchSnapshot.h"

#include <QJsonArray>
#include <QMutex>
#include <QStringList>
#include <functional>
#include <memory>
#include <vector>

namespace ades {
class Clock;
class UpstreamClient;
} // namespace ades

namespace ades::chain {

class EndpointHealth;

// The JSON-RPC endpoints of one chain, in the operator's order, and the only way the chain area talks to a
// node. A call is sent as one batch to the first usable endpoint and, when that endpoint times out,
// answers 429 or 5xx, sends something that is not a JSON-RPC answer or reports a provider limit, to the
// next; an endpoint that failed cools down, one whose per-minute budget is spent is skipped. Before an
// endpoint's first answer is used, the same batch asks eth_chainId: an endpoint of another chain is refused
// for good, and its answers are never used. Every batch also asks eth_blockNumber, so each result can name
// the block it observed.
//
// Thread-safe: one pool serves every I/O thread (the health state is behind a mutex); call() never blocks
// and runs `done` once, on the calling thread, through UpstreamClient.
class RpcPool
{
public:
    struct Limits
    {
        int requestsPerMinute = 100; // per endpoint
        int cooldownSeconds = 30; // after a failure, doubled per failure in a row (at most 8x)
    };

    struct Reply
    {
        QList<RpcAnswer> answers; // one per call, in call order
        QString endpoint; // the URL that answered
        Uint256 block; // eth_blockNumber in the same batch
        FetchSnapshot fetch; // UpstreamClient's evidence of the fetch
        QJsonArray skipped; // endpoints tried before it: {endpoint, problem}; chainEvidence() shows them
    };
    using Callback = std::function<void(Result<Reply>)>;

    RpcPool(const ChainInfo &chain, const QStringList &endpoints, const UpstreamClient &upstream,
        const Clock &clock, Limits limits);
    ~RpcPool();
    Q_DISABLE_COPY_MOVE(RpcPool)

    const ChainInfo &chain() const { return m_chain; }
    // At most this many calls per batch (the proxy's 20 plus the pool's two).
    static constexpr qsizetype MaxCalls = 24;
    enum class Mode
    {
        Essential, // fail over, and a failure cools the endpoint down
        // A best-effort read that many endpoints refuse or answer hugely (txpool_*): one endpoint, and its
        // failure says nothing about the endpoint's health.
        Probe,
    };
    // Calls must be non-empty and at most MaxCalls; the 503 (source evm-<chain>) names every endpoint's
    // problem when none answered.
    void call(const QList<RpcCall> &calls, Callback done, Mode mode = Mode::Essential) const;

    QJsonObject health() const;

private:
    struct Attempt;
    void tryNext(std::shared_ptr<Attempt> attempt) const;
    // Next endpoint for `attempt`: healthy ones in order, then cooling ones; -1 when none is left.
    int pickEndpoint(const Attempt &attempt) const;
    void finish(std::shared_ptr<Attempt> attempt, int index, Result<Reply> reply) const;

    const ChainInfo &m_chain;
    const UpstreamClient &m_upstream;
    const Clock &m_clock;
    const Limits m_limits;
    mutable QMutex m_mutex;
    std::vector<std::unique_ptr<EndpointHealth>> m_endpoints;
};

} // namespace ades::chain
