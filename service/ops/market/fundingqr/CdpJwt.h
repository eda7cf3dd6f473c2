#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QString>
#include <QUrl>

namespace ades {
class CdpSigningKey;
}

namespace ades::market {

// The bearer JWT of one CDP REST request, as Coinbase's SDKs build it (coinbase/cdp-sdk, auth/utils/jwt.ts;
// docs.cdp.coinbase.com, "JWT authentication"): header {alg, kid = key id, typ "JWT", nonce = 16 random
// bytes in hex}; claims {sub = key id, iss "cdp", aud ["cdp_service"], uris ["<METHOD> <host><path>"], iat,
// nbf, exp = two minutes later}. The uri binds the token to one endpoint; the nonce makes two tokens of
// the same second differ.
namespace CdpJwt {

inline constexpr qint64 LifetimeSeconds = 120;

// "POST api.developer.coinbase.com/onramp/v1/token": host (with a non-default port) and path of `url`.
QString requestUri(const QByteArray &method, const QUrl &url);
// The compact JWS; empty when signing failed. `nonceHex` is the caller's (random in production, fixed in
// tests).
QByteArray sign(const CdpSigningKey &key, const QString &keyId, const QString &requestUri,
    const QDateTime &now, const QString &nonceHex);
// 16 random bytes as 32 hex digits, from the system's CSPRNG.
QString randomNonce();

} // namespace CdpJwt

} // namespace ades::market
