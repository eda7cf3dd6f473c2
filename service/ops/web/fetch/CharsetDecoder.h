#pragma once

#include <QByteArray>
#include <QString>

namespace ades::web {

// Turns a fetched body into text in the encoding it declares, in the order of the WHATWG encoding sniffing
// algorithm: a byte order mark, then the charset parameter of Content-Type, then (for HTML) a <meta charset>
// or <meta http-equiv="Content-Type"> in the first 1024 bytes, then UTF-8 when the bytes are valid UTF-8 and
// windows-1252 otherwise. Labels follow the WHATWG Encoding Standard's aliases (iso-8859-1 and us-ascii
// mean windows-1252); the decoding itself is Qt's, backed by ICU.
class CharsetDecoder
{
public:
    struct Decoded
    {
        QString text;
        QString charset; // the encoding used, lower case ("utf-8", "windows-1252", "shift_jis")
        QString source; // where it came from: "bom", "header", "meta" or "default"
    };

    static Decoded decode(const QByteArray &bytes, const QByteArray &contentType, bool html);

    // The charset parameter of a Content-Type value ("text/html; charset=\"ISO-8859-1\"" -> "iso-8859-1").
    static QByteArray headerCharset(const QByteArray &contentType);
    // What an HTML document's first 1024 bytes declare, empty when nothing.
    static QByteArray metaCharset(const QByteArray &bytes);
    // The WHATWG name for a label, empty when the label names no encoding this decoder can use.
    static QByteArray encodingFor(const QByteArray &label);
};

} // namespace ades::web
