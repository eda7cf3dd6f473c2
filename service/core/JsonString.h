#pragma once

#include <QLatin1StringView>
#include <QStringView>

namespace ades::JsonString {

// The most bytes write() puts down for `units` UTF-16 code units: each unit a \u00xx escape, and two quotes.
constexpr qsizetype maxBytes(qsizetype units)
{
    return 2 + 6 * units;
}

// Whether every unit of `text` is written as it is, one byte each: ASCII from the space to DEL other than the
// quote and the backslash. Such text also orders by its bytes as JCS orders keys, by UTF-16 code units.
bool isPlain(QLatin1StringView text);
bool isPlain(QStringView text);

// `text` as a JSON string the way JSON.stringify quotes it (the form CanonicalJson signs): only the quote,
// the backslash and C0 controls are escaped, the short forms where they exist, else \u00xx in lower-case
// hex; everything else literal UTF-8, a lone surrogate as '?' (as QString::toUtf8() writes it). Writes at
// `out`, which has room for maxBytes(text.size()), and returns one past the closing quote.
char *write(char *out, QStringView text);

} // namespace ades::JsonString
