#include "ChainEvidence.h"

#include "core/Clock.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::chain {

QJsonObject chainEvidence(const RpcPool &pool, const RpcPool::Reply &reply, const Clock &clock)
{
    return chainEvidence(pool.chain(), reply, clock.now());
}

QJsonObject chainEvidence(const ChainInfo &chain, const RpcPool::Reply &reply, const QDateTime &checkedAt)
{
    QJsonObject json {
        { u"contract"_s, QString::fromLatin1(OutputContract) },
        { u"chain"_s, chain.name },
        { u"chain_id"_s, qint64(chain.chainId) },
        { u"endpoint"_s, reply.endpoint },
        { u"observed_block"_s, reply.block.toDecimal() },
        { u"checked_at"_s, isoUtc(checkedAt) },
        { u"sources"_s, QJsonArray { reply.snapshot } },
    };
    if (!reply.skipped.isEmpty())
        json.insert(u"failover"_s, reply.skipped);
    return json;
}

} // namespace ades::chain
