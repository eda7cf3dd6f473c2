#include "OnrampSession.h"

#include "FundingAsset.h"
#include "FundingRequest.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace ades::market::OnrampSession {

namespace {

// Text from an upstream that goes into our answer: printable ASCII only, bounded.
QString printable(const QString &text, qsizetype max = 200)
{
    QString out;
    for (const QChar c : text) {
        if (out.size() >= max)
            break;
        out.append(c.unicode() >= 0x20 && c.unicode() < 0x7f ? c : u'?');
    }
    return out;
}

bool isTokenText(const QString &token)
{
    if (token.isEmpty() || token.size() > MaxTokenLength)
        return false;
    for (const QChar c : token) {
        if (c.unicode() <= 0x20 || c.unicode() >= 0x7f)
            return false;
    }
    return true;
}

// CDP's error bodies: {"errorType","errorMessage"} (v2 APIs) or {"code","message"} (gRPC gateway).
QString upstreamMessage(const QJsonObject &body)
{
    for (const QString &key : { u"errorMessage"_s, u"message"_s, u"error"_s }) {
        if (body.value(key).isString())
            return printable(body.value(key).toString());
    }
    return {};
}

} // namespace

QByteArray requestBody(const FundingRequest &request)
{
    QJsonObject body {
        { u"addresses"_s,
            QJsonArray { QJsonObject { { u"address"_s, request.address.lower() },
                { u"blockchains"_s, QJsonArray { request.asset->chain } } } } },
        { u"assets"_s, QJsonArray { request.asset->symbol } },
    };
    if (!request.clientIp.isEmpty())
        body.insert(u"clientIp"_s, request.clientIp);
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

Answer read(int httpStatus, const QByteArray &body)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(body, &parseError);
    const QJsonObject object = document.object();
    if (httpStatus != 200) {
        const QString message = upstreamMessage(object);
        return { {},
            message.isEmpty() ? u"HTTP %1"_s.arg(httpStatus)
                              : u"HTTP %1: %2"_s.arg(httpStatus).arg(message) };
    }
    if (parseError.error != QJsonParseError::NoError || !document.isObject())
        return { {}, u"HTTP 200 without a JSON object"_s };
    const QString token = object.value(u"token"_s).toString();
    if (!isTokenText(token))
        return { {}, u"HTTP 200 without a usable session token"_s };
    return { token, {} };
}

QString link(const QString &base, const QString &token, const FundingAsset &asset, Usdc amount)
{
    const auto encoded
        = [](const QString &value) { return QString::fromLatin1(QUrl::toPercentEncoding(value)); };
    return base + u"?sessionToken="_s + encoded(token) + u"&defaultNetwork="_s + encoded(asset.chain)
        + u"&defaultAsset="_s + encoded(asset.symbol) + u"&presetFiatAmount="_s + amount.toDecimalString()
        + u"&fiatCurrency=USD"_s;
}

} // namespace ades::market::OnrampSession
