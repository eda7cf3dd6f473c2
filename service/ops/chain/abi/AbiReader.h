#pragma once

#include "Uint256.h"

#include <QByteArray>
#include <QString>
#include <optional>

namespace ades::chain {

// Reads the ABI encoding of return and revert data (Solidity ABI spec, "Formal Specification of the
// Encoding"). The bytes come from a node we do not control, so every offset and length is checked against
// the data before it is followed: a malformed answer is a nullopt, never a read past the end.
class AbiReader
{
public:
    explicit AbiReader(QByteArray data);

    // Word `index` (32 bytes from index * 32), or nullopt past the end.
    std::optional<QByteArray> word(qsizetype index) const;
    std::optional<Uint256> uint(qsizetype index) const;
    // A dynamic `bytes`/`string` whose head (offset) is at word `index`.
    std::optional<QByteArray> dynamicBytes(qsizetype index) const;
    // A dynamic `string` that is valid UTF-8.
    std::optional<QString> string(qsizetype index) const;

    qsizetype size() const { return m_data.size(); }

private:
    QByteArray m_data;
};

// Text a contract meant, from bytes that must be valid UTF-8 without control characters (after dropping
// the zero padding of a bytes32).
std::optional<QString> readableText(const QByteArray &bytes);

} // namespace ades::chain
