#include "HttpTestClient.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkReply>
#include <QSignalSpy>

namespace ades::test {

QJsonObject HttpTestResponse::json() const
{
    return QJsonDocument::fromJson(body).object();
}

QByteArray HttpTestResponse::header(const QByteArray &name) const
{
    for (const auto &[key, value] : headers) {
        if (key.compare(name, Qt::CaseInsensitive) == 0)
            return value;
    }
    return {};
}

HttpTestClient::HttpTestClient(quint16 port)
    : m_port(port)
{ }

HttpTestResponse HttpTestClient::get(
    const QString &pathAndQuery, const QList<QPair<QByteArray, QByteArray>> &headers)
{
    return send("GET", pathAndQuery, {}, headers);
}

HttpTestResponse HttpTestClient::head(const QString &pathAndQuery)
{
    return send("HEAD", pathAndQuery, {}, {});
}

HttpTestResponse HttpTestClient::post(const QString &path, const QByteArray &body,
    const QList<QPair<QByteArray, QByteArray>> &headers, const QByteArray &contentType)
{
    auto all = headers;
    all.append({ "Content-Type", contentType });
    return send("POST", path, body, all);
}

QJsonObject HttpTestClient::callMcpTool(
    const QString &tool, const QJsonObject &arguments, const QJsonObject &meta)
{
    QJsonObject params { { QStringLiteral("name"), tool }, { QStringLiteral("arguments"), arguments } };
    if (!meta.isEmpty())
        params.insert(QStringLiteral("_meta"), meta);
    const QJsonObject message { { QStringLiteral("jsonrpc"), QStringLiteral("2.0") },
        { QStringLiteral("id"), 1 }, { QStringLiteral("method"), QStringLiteral("tools/call") },
        { QStringLiteral("params"), params } };
    return post(QStringLiteral("/mcp"), QJsonDocument(message).toJson(QJsonDocument::Compact))
        .json()
        .value(QStringLiteral("result"))
        .toObject();
}

QJsonObject HttpTestClient::mcpToolOffer(const QString &tool, const QJsonObject &arguments)
{
    return callMcpTool(tool, arguments)
        .value(QStringLiteral("structuredContent"))
        .toObject()
        .value(QStringLiteral("accepts"))
        .toArray()
        .at(0)
        .toObject();
}

HttpTestResponse HttpTestClient::send(const QByteArray &method, const QString &pathAndQuery,
    const QByteArray &body, const QList<QPair<QByteArray, QByteArray>> &headers)
{
    QNetworkRequest request(QUrl(QStringLiteral("http://127.0.0.1:%1%2").arg(m_port).arg(pathAndQuery)));
    for (const auto &[name, value] : headers)
        request.setRawHeader(name, value);
    // A custom "HEAD" verb would make QNetworkAccessManager wait for a body; head() knows there is none.
    QNetworkReply *reply
        = method == "HEAD" ? m_manager.head(request) : m_manager.sendCustomRequest(request, method, body);
    QSignalSpy finished(reply, &QNetworkReply::finished);
    HttpTestResponse response;
    if (!reply->isFinished() && !finished.wait(15000)) {
        reply->abort();
        reply->deleteLater();
        return response;
    }
    response.finished = true;
    response.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    response.body = reply->readAll();
    const auto pairs = reply->rawHeaderPairs();
    for (const auto &[name, value] : pairs)
        response.headers.append({ name, value });
    reply->deleteLater();
    return response;
}

} // namespace ades::test
