#include "Keccak256.h"

#include <QCryptographicHash>

namespace ades {

QByteArray keccak256(const QByteArray &data)
{
    // Keccak_256, not Sha3_256: Qt's Keccak_256 is the pre-FIPS padding Ethereum uses (docs/architecture.md,
    // Qt 6.4 pitfalls: crypto).
    return QCryptographicHash::hash(data, QCryptographicHash::Keccak_256);
}

} // namespace ades
