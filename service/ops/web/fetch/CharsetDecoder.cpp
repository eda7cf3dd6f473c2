#include "CharsetDecoder.h"

#include <QList>
#include <QStringDecoder>

using namespace Qt::StringLiterals;

namespace ades::web {

namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

// The value after "charset" in `text` (a Content-Type value or a meta content attribute), per the WHATWG
// "extract a character encoding from a meta element" steps, which also serve for the header parameter.
QByteArray charsetParameter(const QByteArray &text)
{
    const QByteArray lower = text.toLower();
    qsizetype at = 0;
    while ((at = lower.indexOf("charset", at)) >= 0) {
        qsizetype i = at + 7;
        while (i < lower.size() && isSpace(lower[i]))
            ++i;
        if (i >= lower.size() || lower[i] != '=') {
            at = i;
            continue;
        }
        ++i;
        while (i < lower.size() && isSpace(lower[i]))
            ++i;
        if (i >= lower.size())
            return {};
        if (lower[i] == '"' || lower[i] == '\'') {
            const char quote = lower[i];
            const qsizetype end = lower.indexOf(quote, i + 1);
            return end < 0 ? QByteArray() : lower.mid(i + 1, end - i - 1).trimmed();
        }
        qsizetype end = i;
        while (end < lower.size() && !isSpace(lower[end]) && lower[end] != ';')
            ++end;
        return lower.mid(i, end - i);
    }
    return {};
}

} // namespace

QByteArray CharsetDecoder::headerCharset(const QByteArray &contentType)
{
    const qsizetype semicolon = contentType.indexOf(';');
    return semicolon < 0 ? QByteArray() : charsetParameter(contentType.mid(semicolon + 1));
}

QByteArray CharsetDecoder::metaCharset(const QByteArray &bytes)
{
    // A reduced WHATWG prescan: each <meta ...> tag's attributes, charset= or http-equiv=content-type with a
    // content carrying charset=. Comments are skipped so a commented-out declaration does not count.
    const QByteArray head = bytes.left(1024).toLower();
    qsizetype at = 0;
    while (at < head.size()) {
        if (head.mid(at, 4) == "<!--") {
            const qsizetype end = head.indexOf("-->", at + 4);
            if (end < 0)
                return {};
            at = end + 3;
            continue;
        }
        if (head.mid(at, 5) != "<meta" || at + 5 >= head.size()
            || !(isSpace(head[at + 5]) || head[at + 5] == '/')) {
            ++at;
            continue;
        }
        const qsizetype end = head.indexOf('>', at);
        if (end < 0)
            return {};
        const QByteArray tag = head.mid(at + 5, end - at - 5);
        at = end + 1;
        // attribute name=value pairs, values quoted or not
        QByteArray charset;
        QByteArray content;
        bool httpEquivContentType = false;
        qsizetype i = 0;
        while (i < tag.size()) {
            while (i < tag.size() && (isSpace(tag[i]) || tag[i] == '/'))
                ++i;
            qsizetype nameEnd = i;
            while (
                nameEnd < tag.size() && !isSpace(tag[nameEnd]) && tag[nameEnd] != '=' && tag[nameEnd] != '/')
                ++nameEnd;
            const QByteArray name = tag.mid(i, nameEnd - i);
            i = nameEnd;
            while (i < tag.size() && isSpace(tag[i]))
                ++i;
            QByteArray value;
            if (i < tag.size() && tag[i] == '=') {
                ++i;
                while (i < tag.size() && isSpace(tag[i]))
                    ++i;
                if (i < tag.size() && (tag[i] == '"' || tag[i] == '\'')) {
                    const char quote = tag[i];
                    const qsizetype close = tag.indexOf(quote, i + 1);
                    const qsizetype stop = close < 0 ? tag.size() : close;
                    value = tag.mid(i + 1, stop - i - 1);
                    i = stop + 1;
                } else {
                    qsizetype stop = i;
                    while (stop < tag.size() && !isSpace(tag[stop]))
                        ++stop;
                    value = tag.mid(i, stop - i);
                    i = stop;
                }
            }
            if (name.isEmpty()) {
                ++i;
                continue;
            }
            if (name == "charset" && charset.isEmpty())
                charset = value.trimmed();
            else if (name == "http-equiv")
                httpEquivContentType = value.trimmed() == "content-type";
            else if (name == "content" && content.isEmpty())
                content = value;
        }
        if (!charset.isEmpty())
            return charset;
        if (httpEquivContentType) {
            const QByteArray fromContent = charsetParameter(content);
            if (!fromContent.isEmpty())
                return fromContent;
        }
    }
    return {};
}

QByteArray CharsetDecoder::encodingFor(const QByteArray &label)
{
    QByteArray name = label.trimmed().toLower();
    if (name.isEmpty() || name.size() > 40)
        return {};
    // WHATWG Encoding Standard aliases that differ from what ICU would pick for the same label.
    static const QList<QByteArray> Windows1252 = { "ascii", "us-ascii", "iso-8859-1", "iso8859-1",
        "iso_8859-1", "latin1", "l1", "cp1252", "cp819", "ibm819", "iso-ir-100", "x-cp1252", "windows-1252",
        "ansi_x3.4-1968", "iso_8859-1:1987", "csisolatin1", "iso88591", "x-user-defined" };
    if (Windows1252.contains(name))
        return "windows-1252";
    if (name == "utf8" || name == "unicode-1-1-utf-8" || name == "x-unicode20utf8")
        return "utf-8";
    if (name == "iso-8859-9" || name == "latin5" || name == "iso8859-9")
        return "windows-1254";
    if (name == "tis-620" || name == "iso-8859-11")
        return "windows-874";
    if (name == "gb2312" || name == "x-gbk" || name == "chinese")
        return "gbk";
    if (name == "ks_c_5601-1987" || name == "korean")
        return "euc-kr";
    if (name == "x-sjis" || name == "ms_kanji" || name == "windows-31j" || name == "sjis")
        return "shift_jis";
    if (name == "unicode" || name == "ucs-2" || name == "utf-16" || name == "csunicode")
        return "utf-16le";
    const QStringDecoder probe(name.constData());
    return probe.isValid() ? name : QByteArray();
}

CharsetDecoder::Decoded CharsetDecoder::decode(
    const QByteArray &bytes, const QByteArray &contentType, bool html)
{
    QByteArray encoding;
    QString source;
    if (bytes.startsWith("\xEF\xBB\xBF")) {
        encoding = "utf-8";
        source = u"bom"_s;
    } else if (bytes.startsWith("\xFF\xFE")) {
        encoding = "utf-16le";
        source = u"bom"_s;
    } else if (bytes.startsWith("\xFE\xFF")) {
        encoding = "utf-16be";
        source = u"bom"_s;
    }
    if (encoding.isEmpty()) {
        encoding = encodingFor(headerCharset(contentType));
        if (!encoding.isEmpty())
            source = u"header"_s;
    }
    if (encoding.isEmpty() && html) {
        encoding = encodingFor(metaCharset(bytes));
        // A document cannot declare itself UTF-16 in ASCII-compatible bytes (WHATWG prescan rule).
        if (encoding.startsWith("utf-16"))
            encoding = "utf-8";
        if (!encoding.isEmpty())
            source = u"meta"_s;
    }
    if (encoding.isEmpty()) {
        QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
        const QString text = utf8(bytes);
        if (!utf8.hasError())
            return { text, u"utf-8"_s, u"default"_s };
        encoding = "windows-1252";
        source = u"default"_s;
    }
    QStringDecoder decoder(encoding.constData());
    if (!decoder.isValid()) {
        decoder = QStringDecoder(QStringDecoder::Utf8);
        encoding = "utf-8";
    }
    return { decoder(bytes), QString::fromLatin1(encoding), source };
}

} // namespace ades::web
