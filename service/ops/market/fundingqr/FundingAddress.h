#pragma once

#include "core/Result.h"

#include <QByteArray>
#include <QString>

namespace ades::market {

// A receiving address on an EVM chain (Base), read the way the chain area reads one: "0x" and 40 hex
// digits, all lower case, all upper case, or mixed case that must then pass its EIP-55 checksum (mixed case
// is the writer's claim to a checksum, so a wrong one is a typo caught, not an address guessed). Built on
// the core helpers crypto/Hex.h and crypto/EthSignature.h (toChecksumAddress): an area cannot reach the
// chain area's EvmAddress. Addresses that would burn what is sent are refused too: the zero address and
// the token contract itself.
class FundingAddress
{
public:
    // 422 naming `field`: `invalid_address` (shape), `address_checksum` (EIP-55) or `unusable_address`.
    static Result<FundingAddress> parse(
        const QString &text, const QString &field, const QByteArray &tokenContract);

    const QByteArray &bytes() const { return m_bytes; }
    QString checksummed() const { return m_checksummed; } // "0x5e2F..." as wallets show it
    QString lower() const;

private:
    QByteArray m_bytes;
    QString m_checksummed;
};

} // namespace ades::market
