#include "ChainReader.h"

#include "catalog/OperationCall.h"

using namespace Qt::StringLiterals;

namespace ades::market {

ChainReader::ChainReader(const Catalog &catalog, QString chain)
    : m_catalog(catalog)
    , m_chain(std::move(chain))
{ }

QString ChainReader::operationId()
{
    return u"chain.rpc.proxy"_s;
}

void ChainReader::call(const QList<Call> &calls, Done done) const
{
    QJsonArray batch;
    for (qsizetype i = 0; i < calls.size(); ++i)
        batch.append(QJsonObject { { u"jsonrpc"_s, u"2.0"_s }, { u"id"_s, qint64(i + 1) },
            { u"method"_s, calls[i].method }, { u"params"_s, calls[i].params } });
    const QJsonObject args { { u"chain"_s, m_chain }, { u"request"_s, batch } };
    const qsizetype count = calls.size();
    callOperation(m_catalog, operationId(), args, operationId(),
        [done, count, source = u"evm-"_s + m_chain](Outcome outcome) {
            if (!outcome.ok())
                return done(outcome.error());
            const QJsonObject data = outcome.value().data;
            const QJsonArray responses = data.value(u"responses"_s).toArray();
            Answers answers;
            answers.chainData = data.value(u"chain_data"_s).toObject();
            // The proxy restores our ids (1..count); match by id, never by position.
            answers.responses.resize(count);
            QList<bool> seen(count, false);
            for (const QJsonValue &r : responses) {
                const qint64 id = r[u"id"_s].toInteger(0);
                if (id < 1 || id > count || seen[id - 1])
                    continue;
                seen[id - 1] = true;
                answers.responses[id - 1] = r.toObject();
            }
            if (seen.contains(false))
                return done(ServiceError::sourceUnavailable(
                    source, u"The JSON-RPC proxy's answer did not hold one response per request."_s));
            done(std::move(answers));
        });
}

} // namespace ades::market
