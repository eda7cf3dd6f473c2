#pragma once

#include <QByteArrayView>
#include <QString>
#include <optional>

namespace ades {

// Where a JSON text repeats a member name within one object, as a JSON Pointer (RFC 6901) to the second
// occurrence ("/receipt/issuer"), or nullopt. QJsonDocument silently keeps the last of duplicate names (RFC
// 8259 §4 leaves it to the parser), so a document that two readers would read differently can only be
// recognised on the raw text. Names are compared after unescaping ("a" and "\u0061" are the same name).
// Linear in the input, no recursion, never throws; meant for text QJsonDocument accepted, and gives nullopt
// at the first syntax it does not understand. The pointer is cut at 200 characters.
std::optional<QString> firstDuplicateKey(QByteArrayView json);

} // namespace ades
