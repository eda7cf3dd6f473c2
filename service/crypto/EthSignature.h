#pragma once

#include <QByteArray>
#include <QString>
#include <optional>

namespace ades {

// The EIP-55 signer address of a 65-byte r || s || v signature over hash32. v may be 0, 1, 27 or 28.
// nullopt for a malformed signature, a high-s signature (EIP-2: its low-s twin is the canonical form, so
// accepting both would make signatures malleable) or one that recovers to no key.
std::optional<QString> recoverAddress(const QByteArray &hash32, const QByteArray &signature65);

// EIP-55 mixed-case "0x..." form of a 20-byte address; empty if the input is not 20 bytes.
QString toChecksumAddress(const QByteArray &address20);

// Address of a 65-byte uncompressed public key (0x04 || X || Y); empty unless it is a point on the curve.
QString publicKeyToAddress(const QByteArray &uncompressed65);

} // namespace ades
