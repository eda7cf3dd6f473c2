#pragma once

#include <QByteArray>

namespace ades {

// Ethereum's Keccak-256 (original Keccak padding, not FIPS-202 SHA3-256): 32 raw bytes.
QByteArray keccak256(const QByteArray &data);

} // namespace ades
