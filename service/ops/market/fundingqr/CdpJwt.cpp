#include "CdpJwt.h"

#include "crypto/CdpSigningKey.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>

using namespace Qt::StringLiterals;

namespace ades::market::CdpJwt {

namespace {

QByteArray base64Url(const QByteArray &bytes)
{
    return bytes.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
}

} // namespace

QString requestUri(const QByteArray &method, const QUrl &url)
{
    const QString authority = url.port() < 0 ? url.host() : url.host() + u':' + QString::number(url.port());
    return QString::fromLatin1(method) + u' ' + authority + url.path(QUrl::FullyEncoded);
}

QByteArray sign(const CdpSigningKey &key, const QString &keyId, const QString &requestUri,
    const QDateTime &now, const QString &nonceHex)
{
    const qint64 issuedAt = now.toSecsSinceEpoch();
    const QJsonObject header { { u"alg"_s, key.jwsAlgorithm() }, { u"kid"_s, keyId }, { u"typ"_s, u"JWT"_s },
        { u"nonce"_s, nonceHex } };
    const QJsonObject claims { { u"sub"_s, keyId }, { u"iss"_s, u"cdp"_s },
        { u"aud"_s, QJsonArray { u"cdp_service"_s } }, { u"uris"_s, QJsonArray { requestUri } },
        { u"iat"_s, issuedAt }, { u"nbf"_s, issuedAt }, { u"exp"_s, issuedAt + LifetimeSeconds } };
    const QByteArray signingInput = base64Url(QJsonDocument(header).toJson(QJsonDocument::Compact)) + '.'
        + base64Url(QJsonDocument(claims).toJson(QJsonDocument::Compact));
    const QByteArray signature = key.sign(signingInput);
    if (signature.isEmpty())
        return {};
    return signingInput + '.' + base64Url(signature);
}

QString randomNonce()
{
    quint32 words[4];
    QRandomGenerator::system()->fillRange(words);
    return QString::fromLatin1(QByteArray(reinterpret_cast<const char *>(words), sizeof words).toHex());
}

} // namespace ades::market::CdpJwt
