#include "ChainEvidence.h"

#include "core/CanonicalWriter.h"
#include "core/Clock.h"
#include "core/JsonShape.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::chain {

QJsonObject chainEvidence(const RpcPool &pool, const RpcPool::Reply &reply, const Clock &clock)
{
    return chainEvidence(pool.chain(), reply, clock.now());
}

QJsonObject chainEvidence(const ChainInfo &chain, const RpcPool::Reply &reply, const QDateTime &checkedAt)
{
    static const QJsonObject shape = chainEvidenceShape({});
    return chainEvidence(chain, reply, checkedAt, QJsonArray { reply.fetch.toJson() }, shape);
}

QJsonObject chainEvidenceShape(std::initializer_list<QString> moreKeys)
{
    QJsonObject shape = jsonShape({ u"chain"_s, u"chain_id"_s, u"checked_at"_s, u"contract"_s, u"endpoint"_s,
        u"observed_block"_s, u"sources"_s });
    for (const QString &key : moreKeys)
        shape.insert(key, QJsonValue());
    shape.insert(u"contract"_s, QString::fromLatin1(OutputContract));
    return shape;
}

QJsonObject chainEvidence(const ChainInfo &chain, const RpcPool::Reply &reply, const QDateTime &checkedAt,
    const QJsonArray &sources, const QJsonObject &shape)
{
    QJsonObject json = shape;
    json.insert(u"chain"_s, chain.name);
    json.insert(u"chain_id"_s, qint64(chain.chainId));
    json.insert(u"checked_at"_s, isoUtc(checkedAt));
    json.insert(u"endpoint"_s, reply.endpoint);
    json.insert(u"observed_block"_s, reply.block.toDecimal());
    json.insert(u"sources"_s, sources);
    if (!reply.skipped.isEmpty())
        json.insert(u"failover"_s, reply.skipped);
    return json;
}

void writeChainEvidence(
    CanonicalWriter &out, const ChainInfo &chain, const RpcPool::Reply &reply, const QDateTime &checkedAt)
{
    out.key("chain").string(chain.name);
    out.key("chain_id").integer(chain.chainId);
    out.key("checked_at").string(isoUtc(checkedAt));
    out.key("contract").string(QLatin1StringView(OutputContract));
    out.key("endpoint").string(reply.endpoint);
    out.key("observed_block").string(reply.block.toDecimal());
    if (!reply.skipped.isEmpty())
        out.key("failover").value(reply.skipped);
}

} // namespace ades::chain
