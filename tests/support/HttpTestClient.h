#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QNetworkAccessManager>
#include <QPair>
#include <QString>
#include <QUrl>

namespace ades::test {

struct HttpTestResponse
{
    int status = 0;
    QByteArray body;
    QList<QPair<QByteArray, QByteArray>> headers;
    bool finished = false;

    QJsonObject json() const;
    QByteArray header(const QByteArray &name) const;
};

// A loopback HTTP client for integration tests: sends one request and waits (spinning the event loop, with a
// timeout) for the answer. Tests only: product code never waits.
class HttpTestClient
{
public:
    explicit HttpTestClient(quint16 port);

    HttpTestResponse get(
        const QString &pathAndQuery, const QList<QPair<QByteArray, QByteArray>> &headers = {});
    HttpTestResponse head(const QString &pathAndQuery);
    HttpTestResponse post(const QString &path, const QByteArray &body,
        const QList<QPair<QByteArray, QByteArray>> &headers = {},
        const QByteArray &contentType = "application/json");
    HttpTestResponse send(const QByteArray &method, const QString &pathAndQuery, const QByteArray &body,
        const QList<QPair<QByteArray, QByteArray>> &headers);
    // A legacy-era MCP tools/call on /mcp; the JSON-RPC `result` (empty when the answer has none). `meta`
    // becomes params._meta, e.g. {"x402/payment": ...}.
    QJsonObject callMcpTool(const QString &tool, const QJsonObject &arguments, const QJsonObject &meta = {});
    // Calls a paid MCP tool without payment and returns the first offer of its payment-required answer
    // (structuredContent.accepts[0]), ready for test::signedPayment.
    QJsonObject mcpToolOffer(const QString &tool, const QJsonObject &arguments);

private:
    QNetworkAccessManager m_manager;
    quint16 m_port;
};

} // namespace ades::test
