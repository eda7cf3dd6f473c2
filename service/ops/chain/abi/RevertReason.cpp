#include "RevertReason.h"

#include "AbiReader.h"
#include "HexQuantity.h"
#include "core/CanonicalWriter.h"

#include <QJsonDocument>

using namespace Qt::StringLiterals;

namespace ades::chain {

namespace {

const QByteArray ErrorSelector = QByteArray::fromHex("08c379a0"); // keccak256("Error(string)")[0..4]
const QByteArray PanicSelector = QByteArray::fromHex("4e487b71"); // keccak256("Panic(uint256)")[0..4]

} // namespace

RevertReason RevertReason::decode(const QByteArray &data)
{
    RevertReason reason;
    reason.data = data;
    if (data.isEmpty())
        return reason;
    if (data.size() < 4) {
        reason.kind = Kind::Malformed;
        return reason;
    }
    const QByteArray head = data.left(4);
    reason.selector = Hex::fromData(head);
    const AbiReader body(data.mid(4));
    if (head == ErrorSelector) {
        const auto text = body.dynamicBytes(0);
        // The message is shown as sent; bytes that are not UTF-8 are shown replaced, not hidden.
        reason.kind = text ? Kind::ErrorString : Kind::Malformed;
        if (text)
            reason.message = QString::fromUtf8(*text);
        return reason;
    }
    if (head == PanicSelector) {
        const auto code = body.uint(0);
        const auto small = code ? code->toUint64() : std::nullopt;
        reason.kind = small && body.size() == 32 ? Kind::Panic : Kind::Malformed;
        reason.panicCode = small.value_or(0);
        return reason;
    }
    reason.kind = Kind::CustomError;
    return reason;
}

QString RevertReason::panicMeaning(quint64 code)
{
    switch (code) {
    case 0x00:
        return u"generic compiler-inserted panic"_s;
    case 0x01:
        return u"assertion failed (assert)"_s;
    case 0x11:
        return u"arithmetic overflow or underflow outside an unchecked block"_s;
    case 0x12:
        return u"division or modulo by zero"_s;
    case 0x21:
        return u"conversion of a value out of range into an enum"_s;
    case 0x22:
        return u"access to an incorrectly encoded storage byte array"_s;
    case 0x31:
        return u"pop() on an empty array"_s;
    case 0x32:
        return u"array index out of bounds"_s;
    case 0x41:
        return u"too much memory allocated or an array too large"_s;
    case 0x51:
        return u"call to a zero-initialised internal function variable"_s;
    default:
        return u"unknown panic code"_s;
    }
}

QString RevertReason::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Empty:
        return u"empty"_s;
    case Kind::ErrorString:
        return u"error_string"_s;
    case Kind::Panic:
        return u"panic"_s;
    case Kind::CustomError:
        return u"custom_error"_s;
    case Kind::Malformed:
        return u"malformed"_s;
    }
    return {};
}

void RevertReason::write(CanonicalWriter &out) const
{
    out.beginObject();
    switch (kind) {
    case Kind::ErrorString:
        out.key("message").string(message);
        break;
    case Kind::Panic:
        out.key("panic_code").string(u"0x%1"_s.arg(panicCode, 2, 16, QChar(u'0')));
        out.key("panic_meaning").string(panicMeaning(panicCode));
        break;
    case Kind::CustomError:
    case Kind::Malformed:
        out.key("data").string(Hex::fromData(data));
        break;
    case Kind::Empty:
        break;
    }
    out.key("kind").string(kindName(kind));
    if (!selector.isEmpty())
        out.key("selector").string(selector);
    out.key("summary").string(summary());
    out.endObject();
}

QJsonObject RevertReason::toJson() const
{
    CanonicalWriter out(256);
    write(out);
    return QJsonDocument::fromJson(out.take()).object();
}

QString RevertReason::summary() const
{
    switch (kind) {
    case Kind::Empty:
        return u"reverted without a reason"_s;
    case Kind::ErrorString:
        return u"Error(string): "_s + message;
    case Kind::Panic:
        return u"Panic(0x%1): %2"_s.arg(panicCode, 2, 16, QChar(u'0')).arg(panicMeaning(panicCode));
    case Kind::CustomError:
        return u"custom error with selector %1 (its name needs the contract's ABI)"_s.arg(selector);
    case Kind::Malformed:
        return u"reverted with undecodable data"_s;
    }
    return {};
}

} // namespace ades::chain
