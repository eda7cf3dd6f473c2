#pragma once

#include "Uint256.h"

#include <QByteArray>
#include <QStringView>
#include <optional>

namespace ades::chain {

// JSON-RPC's two hex encodings (Ethereum execution-apis "base types"): a quantity is "0x" and hex digits
// without leading zeros ("0x0" for zero), data is "0x" and an even number of hex digits.
namespace Hex {

enum class Strictness
{
    // What a client sends us: exactly the spec's form, so "0x01" or "0x" is refused with a clear 400.
    Canonical,
    // What a node sends us: leading zeros tolerated (some providers pad), still "0x" and hex only.
    Lenient,
};

std::optional<Uint256> quantity(QStringView text, Strictness strictness = Strictness::Lenient);
std::optional<QByteArray> data(QStringView text);
QString fromData(const QByteArray &bytes); // "0x" + lower-case hex

} // namespace Hex

} // namespace ades::chain
