#pragma once

#include "core/Result.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <functional>

namespace ades {
class Catalog;
}

namespace ades::market {

// Base's JSON-RPC as the market area reaches it: through the chain area's catalog operation
// chain.rpc.proxy (its pool, failover, chain-id check and allow-list), the way a channel runs it, so this
// area never names a chain class. Each call() is one proxy batch of at most MaxCalls requests; the
// answers come back in request order, each the node's {result} or {error}, with the proxy's chain_data
// evidence. No chain area, or a proxy that cannot answer, is the uncharged 503 naming what is missing.
class ChainReader
{
public:
    static constexpr qsizetype MaxCalls = 20; // the proxy's batch limit (SPEC.md §8)
    struct Call
    {
        QString method;
        QJsonArray params;
    };
    struct Answers
    {
        QList<QJsonObject> responses; // in call order
        QJsonObject chainData; // the proxy's agent-chain-data/1 evidence of this batch
    };
    using Done = std::function<void(Result<Answers>)>;

    ChainReader(const Catalog &catalog, QString chain);

    static QString operationId(); // "chain.rpc.proxy"
    // `done` runs once, on the calling thread. 1 to MaxCalls calls.
    void call(const QList<Call> &calls, Done done) const;

private:
    const Catalog &m_catalog;
    QString m_chain;
};

} // namespace ades::market
