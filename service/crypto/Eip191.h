#pragma once

#include <QByteArray>
#include <QString>
#include <optional>

namespace ades {

class PrivateKey;

// EIP-191 version 0x45 ("personal_sign"): keccak256("\x19Ethereum Signed Message:\n" + decimal byte
// length + message). 32 raw bytes.
QByteArray eip191Hash(const QByteArray &message);

// "0x" + 130 lower-case hex digits (r || s || v, v = 27 or 28), what wallets and web3 libraries return.
QString eip191Sign(const PrivateKey &key, const QByteArray &message);

// The EIP-55 address that signed `message`; signatureHex is 130 hex digits with or without 0x.
// nullopt for malformed or high-s signatures (see recoverAddress()).
std::optional<QString> eip191Recover(const QByteArray &message, const QString &signatureHex);

} // namespace ades
