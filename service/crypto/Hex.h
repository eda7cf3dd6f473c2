#pragma once

#include <QByteArray>
#include <QStringView>
#include <optional>

namespace ades {

// Strict hex decoding for keys, hashes and signatures: an optional 0x/0X prefix, then exactly
// 2 * byteCount hex digits. QByteArray::fromHex alone skips invalid characters silently.
std::optional<QByteArray> decodeHex(QStringView text, qsizetype byteCount);

} // namespace ades
