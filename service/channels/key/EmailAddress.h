#pragma once

#include <QString>
#include <optional>

namespace ades {

// The contact address of a signup, checked before it is stored: local@domain with a dot-atom local part
// (RFC 5322 §3.4.1) of at most 64 bytes, a domain of dot-separated labels (letters, digits, inner hyphens,
// at most 63 bytes each, at least two, a top-level label that is not a number) and at most 254 bytes in all
// (RFC 5321 §4.5.3.1). UTF-8 beyond ASCII is allowed in both parts (RFC 6531). Never allowed: control or
// format characters (NUL, DEL, C1, zero-width and bidi controls), white space, quoted local parts and
// address literals — nobody signs up with those, and they are where a NUL or a line break would hide.
class EmailAddress
{
public:
    // nullopt for an acceptable address; otherwise why not, e.g. "contains the control character U+0000".
    static std::optional<QString> problem(const QString &address);
};

} // namespace ades
