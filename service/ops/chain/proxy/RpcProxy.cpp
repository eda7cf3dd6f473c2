#include "RpcProxy.h"

#include "RpcAllowList.h"
#include "ops/chain/ChainArguments.h"
#include "ops/chain/ChainEvidence.h"
#include "ops/chain/abi/RevertReason.h"
#include "ops/chain/rpc/ChainPools.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::chain {

namespace {

QJsonArray requestsOf(const QJsonValue &request)
{
    return request.isArray() ? request.toArray() : QJsonArray { request };
}

QJsonObject rpcError(const QJsonValue &id, int code, const QString &message)
{
    return { { u"jsonrpc"_s, u"2.0"_s }, { u"id"_s, id },
        { u"error"_s, QJsonObject { { u"code"_s, code }, { u"message"_s, message } } } };
}

// 400 for a body that is not JSON-RPC 2.0 at all, naming the batch member.
std::optional<ServiceError> shapeProblem(const QJsonArray &requests)
{
    if (requests.isEmpty() || requests.size() > MaxBatch)
        return ServiceError::badRequest(u"invalid_batch"_s,
            u"A batch holds 1 to %1 requests; this one holds %2."_s.arg(MaxBatch).arg(requests.size()),
            u"body"_s);
    for (qsizetype i = 0; i < requests.size(); ++i) {
        const QJsonObject r = requests[i].toObject();
        const QJsonValue id = r.value(u"id"_s);
        const QJsonValue params = r.value(u"params"_s);
        const bool ok = requests[i].isObject() && r.value(u"jsonrpc"_s).toString() == u"2.0"_s
            && !r.value(u"method"_s).toString().isEmpty() && (id.isString() || id.isDouble())
            && (params.isUndefined() || params.isArray());
        if (!ok)
            return ServiceError::badRequest(u"invalid_jsonrpc"_s,
                u"Request %1 is not a JSON-RPC 2.0 call this proxy takes: it needs \"jsonrpc\": \"2.0\", a "
                "method, a string or number id (notifications get no answer, so they are not forwarded) and "
                "params as an array."_s.arg(i),
                u"body"_s);
    }
    return std::nullopt;
}

} // namespace

std::optional<ServiceError> checkRpcProxy(const QJsonObject &args)
{
    if (auto problem = ChainArguments::checkChain(args))
        return problem;
    const QJsonArray requests = requestsOf(args.value(u"request"_s));
    if (auto problem = shapeProblem(requests))
        return problem;
    QJsonArray refused;
    QStringList names;
    for (const QJsonValue &r : requests) {
        const QString method = r[u"method"_s].toString();
        if (!RpcAllowList::allows(method)) {
            refused.append(rpcError(r[u"id"_s], -32601,
                u"method %1 is not offered by this proxy (read methods and eth_sendRawTransaction only)"_s
                    .arg(method)));
            names.append(method);
        }
    }
    if (refused.isEmpty())
        return std::nullopt;
    ServiceError error = ServiceError::unprocessable(u"rpc_method_not_allowed"_s,
        u"Not forwarded and not charged: %1 %2 not on the proxy's allow-list (read methods and "
        "eth_sendRawTransaction)."_s.arg(names.join(u", "_s), names.size() == 1 ? u"is"_s : u"are"_s),
        u"method"_s);
    error.setExtra(
        u"rpc_response"_s, args.value(u"request"_s).isArray() ? QJsonValue(refused) : refused.first());
    error.setExtra(u"accepted"_s, QJsonArray::fromStringList(RpcAllowList::methods()));
    return error;
}

Handler makeRpcProxyHandler(const ChainPools &pools, const Clock &clock)
{
    return [&pools, &clock](const QJsonObject &args, const CallContext &, Completion done) {
        const RpcPool &pool = ChainArguments::pool(pools, args);
        const bool batch = args.value(u"request"_s).isArray();
        const QJsonArray requests = requestsOf(args.value(u"request"_s));
        QList<RpcCall> calls;
        for (const QJsonValue &r : requests)
            calls.append({ r[u"method"_s].toString(), r[u"params"_s].toArray() });
        pool.call(calls, [&pool, &clock, batch, requests, done](Result<RpcPool::Reply> reply) {
            if (!reply.ok())
                return done(reply.error());
            QJsonArray responses;
            QJsonArray reverts;
            QStringList methods;
            for (qsizetype i = 0; i < requests.size(); ++i) {
                const RpcAnswer &answer = reply.value().answers[i];
                QJsonObject response = answer.response;
                response.insert(u"id"_s, requests[i][u"id"_s]); // the client's id, not ours
                response.insert(u"jsonrpc"_s, u"2.0"_s);
                responses.append(response);
                methods.append(requests[i][u"method"_s].toString());
                if (answer.isRevert())
                    reverts.append(QJsonObject { { u"id"_s, requests[i][u"id"_s] },
                        { u"revert"_s, RevertReason::decode(answer.revertData()).toJson() } });
            }
            QJsonObject evidence = chainEvidence(pool, reply.value(), clock);
            evidence.insert(u"reverts"_s, reverts);
            // A single call answers as a JSON-RPC response (extra members are ignored by clients); a
            // batch as an object holding the responses, since the receipt needs an object to live in.
            QJsonObject result
                = batch ? QJsonObject { { u"responses"_s, responses } } : responses.first().toObject();
            result.insert(u"chain_data"_s, evidence);
            done(OperationResult { result, pool.chain().name + u' ' + methods.join(u','), 1 });
        });
    };
}

} // namespace ades::chain
