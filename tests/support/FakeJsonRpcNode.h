#pragma once

#include "LoopbackHttpServer.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QStringList>
#include <optional>

namespace ades::test {

// A fake EVM JSON-RPC node on 127.0.0.1 for the chain tests: answers single requests and batches (ids
// echoed, in reverse order to prove matching by id), by method and exact params first, then by method
// alone; eth_chainId and eth_blockNumber answer by themselves. Answers are usually the recorded bodies of
// ../shared/data/upstreams/evm-jsonrpc/. Fault modes are those of public nodes: a forced HTTP status and
// body (429, 5xx, garbage), a delay (client timeouts), another chain id.
class FakeJsonRpcNode : public LoopbackHttpServer
{
    Q_OBJECT

public:
    explicit FakeJsonRpcNode(quint64 chainId, QObject *parent = nullptr);

    QString url() const; // "http://127.0.0.1:PORT/"

    // Answers `method` with `answer` ({"result": ...} or {"error": {...}}); with `params`, only calls
    // whose params equal them. Later routes win over earlier ones for the same key.
    void route(
        const QString &method, const QJsonObject &answer, const std::optional<QJsonArray> &params = {});
    // The request and answer of a recorded file: execution-apis ".io" (">>" and "<<" lines) or a
    // constructed ".json" with "request" and "response" (its params become the route's).
    bool routeRecorded(const QString &path);

    void setChainId(quint64 chainId) { m_chainId = chainId; }
    void setBlockNumber(quint64 block) { m_block = block; }
    void setForced(int status, const QByteArray &body);
    void clearForced() { m_forcedStatus = 0; }
    void setDelayMs(int ms) { m_delayMs = ms; }

    int requestCount() const { return m_requestCount; }
    // Every method called so far, batch members one by one.
    const QStringList &methods() const { return m_methods; }

protected:
    void handle(QTcpSocket *socket, const Request &request) override;

private:
    QJsonObject answerOne(const QJsonObject &call);

    struct Route
    {
        QString method;
        std::optional<QJsonArray> params;
        QJsonObject answer;
    };
    QList<Route> m_routes;
    quint64 m_chainId;
    quint64 m_block = 0x2faf080;
    int m_forcedStatus = 0;
    QByteArray m_forcedBody;
    int m_delayMs = 0;
    int m_requestCount = 0;
    QStringList m_methods;
};

} // namespace ades::test
