#pragma once

#include "core/Result.h"

#include <QByteArray>
#include <QString>

namespace ades::chain {

// A 20-byte account address. Accepted as "0x" + 40 hex digits: all lower case, all upper case, or mixed
// case that is a valid EIP-55 checksum. Mixed case is the writer's claim to a checksum, so a wrong one is
// refused rather than silently read as the address it may have been a typo of.
class EvmAddress
{
public:
    EvmAddress() = default;

    // 400 `invalid_address` (shape) or `address_checksum` (EIP-55), naming `field`.
    static Result<EvmAddress> parse(const QString &text, const QString &field);
    // The last 20 bytes of an ABI word (the upper 12 must be zero); nullopt otherwise.
    static std::optional<EvmAddress> fromWord(const QByteArray &word);
    static EvmAddress fromBytes(const QByteArray &bytes20);

    const QByteArray &bytes() const { return m_bytes; }
    QString lower() const; // "0x" + lower case, what nodes get
    QString checksummed() const; // EIP-55, what results show
    QByteArray word() const; // left-padded to 32 bytes for ABI encoding
    bool isNull() const { return m_bytes.isEmpty(); }

    friend bool operator==(const EvmAddress &a, const EvmAddress &b) { return a.m_bytes == b.m_bytes; }

private:
    QByteArray m_bytes;
    // The EIP-55 form, computed once (a Keccak-256 each time was a tenth of building a token result). A
    // copy shares it; values are not shared across threads while it is being filled.
    mutable QString m_checksummed;
};

} // namespace ades::chain
