// Fuzz target: HTML as market.social turns a Mastodon status's content into text. Input: the HTML (as
// UTF-8; invalid sequences included).

#include "ops/market/social/HtmlText.h"

#include <cstdint>

using namespace ades::market;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString html = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    const QString text = HtmlText::toText(html);
    // Plain text out: no control character but the line break, nothing leading or trailing, never more
    // than one empty line in a row.
    for (const QChar c : text) {
        if ((c.unicode() < 0x20 && c != u'\n') || (c.unicode() >= 0x7f && c.unicode() < 0xa0))
            __builtin_trap();
    }
    if (!text.isEmpty()
        && (text.front() == u' ' || text.front() == u'\n' || text.back() == u' ' || text.back() == u'\n'))
        __builtin_trap();
    if (text.contains(QStringLiteral("\n\n\n")))
        __builtin_trap();
    // Text without markup, entities or white space other than spaces comes back as it went in, its spaces
    // collapsed (a no-break space is text in HTML, not white space).
    bool plain = !html.isEmpty();
    for (const QChar c : html)
        plain = plain && c != u'<' && c != u'&' && (c == u' ' || !c.isSpace()) && c.unicode() >= 0x20
            && c.unicode() != 0x7f && !(c.unicode() >= 0x80 && c.unicode() < 0xa0) && c != u'\uFFFD'
            && !c.isSurrogate();
    if (plain && text != html.simplified())
        __builtin_trap();
    return 0;
}
