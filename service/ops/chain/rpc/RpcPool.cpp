#include "RpcPool.h"

#include "EndpointHealth.h"
#include "core/Clock.h"
#include "ops/chain/abi/HexQuantity.h"
#include "upstream/UpstreamClient.h"

#include <QMutexLocker>

using namespace Qt::StringLiterals;

namespace ades::chain {

namespace {

// Our ids start here, so a node echoing a small constant id (some do for batches) cannot match.
constexpr qint64 FirstId = 1;

} // namespace

struct RpcPool::Attempt
{
    QList<RpcCall> calls;
    Callback done;
    Mode mode = Mode::Essential;
    QList<int> tried;
    QJsonArray skipped;
};

RpcPool::RpcPool(const ChainInfo &chain, const QStringList &endpoints, const UpstreamClient &upstream,
    const Clock &clock, Limits limits)
    : m_chain(chain)
    , m_upstream(upstream)
    , m_clock(clock)
    , m_limits(limits)
{
    for (const QString &url : endpoints)
        m_endpoints.push_back(std::make_unique<EndpointHealth>(QUrl(url)));
}

RpcPool::~RpcPool() = default;

void RpcPool::call(const QList<RpcCall> &calls, Callback done, Mode mode) const
{
    Q_ASSERT(!calls.isEmpty() && calls.size() <= MaxCalls);
    auto attempt = std::make_shared<Attempt>();
    attempt->calls = calls;
    attempt->done = std::move(done);
    attempt->mode = mode;
    tryNext(std::move(attempt));
}

int RpcPool::pickEndpoint(const Attempt &attempt) const
{
    const QDateTime now = m_clock.now();
    int cooling = -1;
    for (int i = 0; i < int(m_endpoints.size()); ++i) {
        const EndpointHealth &e = *m_endpoints[size_t(i)];
        if (attempt.tried.contains(i) || e.identity() == EndpointHealth::Identity::Refused
            || !e.hasBudget(now, m_limits.requestsPerMinute))
            continue;
        if (!e.isCoolingDown(now))
            return i;
        if (cooling < 0)
            cooling = i;
    }
    // Only cooling endpoints are left: better a second chance than no answer.
    return cooling;
}

void RpcPool::tryNext(std::shared_ptr<Attempt> attempt) const
{
    int index = -1;
    bool askChainId = false;
    QUrl url;
    {
        QMutexLocker lock(&m_mutex);
        index = pickEndpoint(*attempt);
        if (index >= 0) {
            EndpointHealth &e = *m_endpoints[size_t(index)];
            e.takeBudget(m_clock.now(), m_limits.requestsPerMinute);
            askChainId = e.identity() != EndpointHealth::Identity::Confirmed;
            url = e.url();
        }
    }
    if (index < 0) {
        QStringList problems;
        for (const QJsonValue &s : std::as_const(attempt->skipped)) {
            QString problem = s[u"problem"_s].toString();
            if (problem.endsWith(u'.'))
                problem.chop(1); // joined with "; " below
            problems.append(s[u"endpoint"_s].toString() + u": "_s + problem);
        }
        const QString why = problems.isEmpty()
            ? u"no endpoint is usable (all refused for a wrong chain id or over their request budget)"_s
            : problems.join(u"; "_s);
        ServiceError error = ServiceError::sourceUnavailable(m_chain.sourceId(),
            u"No JSON-RPC endpoint of %1 answered (%2). Nothing was charged; retry later."_s.arg(
                m_chain.title, why));
        error.setExtra(u"partial_evidence"_s, QJsonObject { { u"failover"_s, attempt->skipped } });
        attempt->done(std::move(error));
        return;
    }
    attempt->tried.append(index);

    QList<RpcCall> batch;
    if (askChainId)
        batch.append({ u"eth_chainId"_s, {} });
    batch += attempt->calls;
    batch.append({ u"eth_blockNumber"_s, {} });

    UpstreamRequest request;
    request.source = m_chain.sourceId();
    request.url = url;
    request.method = "POST";
    request.body = JsonRpc::encodeBatch(batch, FirstId);
    request.headers = { { "Content-Type", "application/json" }, { "Accept", "application/json" } };
    request.maxResponseBytes = 4 * 1024 * 1024;
    const qsizetype count = batch.size();
    m_upstream.fetch(request, [this, attempt, index, askChainId, count](Result<UpstreamResponse> fetched) {
        if (!fetched.ok())
            return finish(attempt, index, fetched.error());
        const UpstreamResponse &response = fetched.value();
        // 429 and 5xx are the usual ones; any other status is no JSON-RPC answer either (a 403 of a
        // provider that wants a key, a 404 of a mistyped path): fail over in every case.
        if (response.httpStatus != 200)
            return finish(attempt, index,
                ServiceError::sourceUnavailable(
                    m_chain.sourceId(), u"answered HTTP %1"_s.arg(response.httpStatus)));
        auto answers = JsonRpc::decodeBatch(response.body, count, FirstId);
        if (!answers)
            return finish(attempt, index,
                ServiceError::sourceUnavailable(
                    m_chain.sourceId(), u"sent a body that is not a JSON-RPC answer to the batch"_s));
        if (askChainId) {
            const RpcAnswer idAnswer = answers->takeFirst();
            const auto id = Hex::quantity(idAnswer.result().toString());
            const auto id64 = id ? id->toUint64() : std::nullopt;
            if (!id64) {
                return finish(attempt, index,
                    ServiceError::sourceUnavailable(m_chain.sourceId(), u"did not answer eth_chainId"_s));
            }
            if (*id64 != m_chain.chainId) {
                // Marked here, finish() sees it: a wrong chain is refused for good, not cooled down.
                QMutexLocker lock(&m_mutex);
                m_endpoints[size_t(index)]->refuse(
                    u"answered chain id %1, expected %2"_s.arg(*id64).arg(m_chain.chainId));
                lock.unlock();
                return finish(attempt, index,
                    ServiceError::unprocessable(u"wrong_chain"_s,
                        u"answered chain id %1, expected %2 (%3): refused"_s.arg(*id64)
                            .arg(m_chain.chainId)
                            .arg(m_chain.title)));
            }
        }
        const RpcAnswer blockAnswer = answers->takeLast();
        const auto block = Hex::quantity(blockAnswer.result().toString());
        if (!block)
            return finish(attempt, index,
                ServiceError::sourceUnavailable(m_chain.sourceId(), u"did not answer eth_blockNumber"_s));
        for (const RpcAnswer &a : std::as_const(*answers)) {
            if (a.isRateLimit() || blockAnswer.isRateLimit())
                return finish(attempt, index,
                    ServiceError::sourceUnavailable(m_chain.sourceId(),
                        u"reported a provider limit (%1 %2)"_s.arg(a.errorCode()).arg(a.errorMessage())));
        }
        Reply reply;
        reply.answers = std::move(*answers);
        reply.block = *block;
        reply.fetch = response.fetch;
        finish(attempt, index, std::move(reply));
    });
}

void RpcPool::finish(std::shared_ptr<Attempt> attempt, int index, Result<Reply> reply) const
{
    const QDateTime now = m_clock.now();
    QMutexLocker lock(&m_mutex);
    EndpointHealth &e = *m_endpoints[size_t(index)];
    const QString url = e.url().toString(QUrl::RemoveUserInfo);
    if (reply.ok()) {
        if (e.identity() == EndpointHealth::Identity::Unchecked)
            e.confirm();
        e.recordSuccess(now);
        lock.unlock();
        reply.value().endpoint = url;
        reply.value().skipped = attempt->skipped;
        attempt->done(std::move(reply));
        return;
    }
    QString problem = reply.error().message();
    if (attempt->mode == Mode::Probe) {
        lock.unlock();
        attempt->done(std::move(reply));
        return;
    }
    if (e.identity() != EndpointHealth::Identity::Refused)
        e.recordFailure(now, m_limits.cooldownSeconds, problem);
    lock.unlock();
    attempt->skipped.append(QJsonObject { { u"endpoint"_s, url }, { u"problem"_s, problem } });
    tryNext(std::move(attempt));
}

QJsonObject RpcPool::health() const
{
    const QDateTime now = m_clock.now();
    QMutexLocker lock(&m_mutex);
    QJsonArray endpoints;
    for (const auto &e : m_endpoints)
        endpoints.append(e->toJson(now));
    return QJsonObject { { u"chain_id"_s, qint64(m_chain.chainId) }, { u"endpoints"_s, endpoints } };
}

} // namespace ades::chain
