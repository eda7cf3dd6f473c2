#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <optional>

namespace ades::test {

// Fresh CDP-style API key secrets for tests of the onramp session (market.funding_qr), made with OpenSSL
// as CDP hands them out: an EC P-256 key as SEC1 PEM ("BEGIN EC PRIVATE KEY") or PKCS#8 PEM, and an
// Ed25519 key as base64 of seed || public key. With the public key as PEM, to verify what was signed.
struct CdpTestKey
{
    QString secret;
    QByteArray publicKeyPem;
};

CdpTestKey ecP256Sec1Key();
CdpTestKey ecP256Pkcs8Key();
CdpTestKey ed25519Key();
// An RSA key as PKCS#8 PEM: a key CDP does not issue.
QString rsaKeyPem();

// A compact JWS checked with OpenSSL against `publicKeyPem` (ES256: r || s, EdDSA: Ed25519).
bool verifyJws(const QByteArray &jws, const QByteArray &publicKeyPem);
// The header (0) or claims (1) of a compact JWS.
QJsonObject jwsPart(const QByteArray &jws, int index);

// The text of the QR code in `png`, read back by zbarimg (Debian zbar-tools); nullopt when zbarimg is
// not installed (the caller skips), an empty string when it found no code.
std::optional<QString> decodeQrPng(const QByteArray &png);

} // namespace ades::test
