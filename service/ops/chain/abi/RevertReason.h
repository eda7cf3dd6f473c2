#pragma once

#include "Uint256.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace ades {
class CanonicalWriter;
}

namespace ades::chain {

// Why a call reverted, from its revert data (Solidity docs, "Error handling: Assert, Require, Revert and
// Exceptions"): Error(string) from require/revert("..."), Panic(uint256) from the compiler's checks, a
// custom error named only by its 4-byte selector (its name needs the contract's ABI, which we do not have),
// or nothing at all.
struct RevertReason
{
    enum class Kind
    {
        Empty, // revert() without data, or out of gas / invalid opcode
        ErrorString,
        Panic,
        CustomError,
        Malformed, // Error or Panic selector with a body that does not decode
    };

    Kind kind = Kind::Empty;
    QString message; // Error(string) text
    quint64 panicCode = 0;
    QString selector; // "0x08c379a0", "0x4e487b71" or the custom error's
    QByteArray data;

    static RevertReason decode(const QByteArray &data);
    // The Solidity meaning of a panic code ("division or modulo by zero").
    static QString panicMeaning(quint64 code);
    static QString kindName(Kind kind); // "error_string", "panic", "custom_error", "empty", "malformed"

    // {kind, selector, message | panic_code + meaning | data}
    void write(CanonicalWriter &out) const;
    // The same object for results built as QJsonObjects (gas estimate, tx, the RPC proxy).
    QJsonObject toJson() const;
    // One line for a person: "Error(string): insufficient balance".
    QString summary() const;
};

} // namespace ades::chain
