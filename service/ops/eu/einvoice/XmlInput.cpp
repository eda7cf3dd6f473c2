#include "XmlInput.h"

#include <QStringDecoder>
#include <algorithm>
#include <bit>
#include <cctype>
#include <cstring>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

using namespace Qt::StringLiterals;

namespace ades::eu::xml {

namespace {

// A byte order mark or a zero byte in the first two: the document is UTF-16.
bool looksLikeUtf16(const QByteArray &input)
{
    return input.size() >= 2
        && (input.startsWith("\xff\xfe") || input.startsWith("\xfe\xff") || input.at(0) == 0
            || input.at(1) == 0);
}

// The encoding named by the XML declaration (`<?xml version="1.0" encoding="..."?>`), or empty.
QByteArray declaredEncoding(QByteArrayView input)
{
    if (!input.startsWith("<?xml") || input.size() < 6 || !std::isspace(uchar(input[5])))
        return {};
    const QByteArrayView declaration = input.first(std::min<qsizetype>(input.size(), 512));
    const qsizetype end = declaration.indexOf("?>");
    const qsizetype name = declaration.indexOf("encoding");
    if (end < 0 || name < 0 || name > end)
        return {};
    qsizetype i = name + 8;
    while (i < end && (declaration[i] == ' ' || declaration[i] == '=' || declaration[i] == '\t'))
        ++i;
    if (i >= end || (declaration[i] != '"' && declaration[i] != '\''))
        return {};
    const qsizetype close = declaration.indexOf(declaration[i], i + 1);
    if (close < 0 || close > end)
        return {};
    return declaration.sliced(i + 1, close - i - 1).toByteArray();
}

enum class Detected
{
    Utf8,
    Utf16LittleEndian,
    Utf16BigEndian,
};

// What the bytes are (XML 1.0 Appendix F without the encodings ADES does not read): UTF-16 by its byte
// order mark or a zero byte in the first two, UTF-8 otherwise.
Detected detect(const QByteArray &input)
{
    if (!looksLikeUtf16(input))
        return Detected::Utf8;
    return input.startsWith("\xfe\xff") || input.at(0) == 0 ? Detected::Utf16BigEndian
                                                            : Detected::Utf16LittleEndian;
}

// The declaration's encoding name, read in the encoding the bytes are in.
QByteArray declarationEncoding(const QByteArray &input, Detected detected)
{
    if (detected == Detected::Utf8)
        return declaredEncoding(
            input.startsWith("\xef\xbb\xbf") ? QByteArrayView(input).sliced(3) : QByteArrayView(input));
    // The declaration sits within the first 512 characters: decode no more than that.
    const qsizetype head = std::min<qsizetype>(input.size(), 1024) & ~qsizetype(1);
    QStringDecoder decoder(
        detected == Detected::Utf16BigEndian ? QStringDecoder::Utf16BE : QStringDecoder::Utf16LE);
    QByteArray text = QString(decoder.decode(QByteArrayView(input).first(head))).toUtf8();
    if (text.startsWith("\xef\xbb\xbf"))
        text.remove(0, 3);
    return declaredEncoding(text);
}

// Offset of the first byte that does not start or continue a valid UTF-8 sequence (no overlong forms, no
// surrogates, nothing above U+10FFFF). Only asked once Qt has said that the input is not valid.
qsizetype firstInvalidUtf8(QByteArrayView text)
{
    const auto *p = reinterpret_cast<const uchar *>(text.data());
    const qsizetype size = text.size();
    qsizetype i = 0;
    while (i < size) {
        const uchar c = p[i];
        int length = 0;
        char32_t min = 0;
        if (c < 0x80) {
            ++i;
            continue;
        }
        if ((c & 0xE0) == 0xC0)
            length = 2, min = 0x80;
        else if ((c & 0xF0) == 0xE0)
            length = 3, min = 0x800;
        else if ((c & 0xF8) == 0xF0)
            length = 4, min = 0x10000;
        else
            return i;
        if (i + length > size)
            return i;
        char32_t code = c & (0x7F >> length);
        for (int k = 1; k < length; ++k) {
            if ((p[i + k] & 0xC0) != 0x80)
                return i;
            code = (code << 6) | (p[i + k] & 0x3F);
        }
        if (code < min || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF))
            return i;
        i += length;
    }
    return size;
}

bool isControlCharacter(uchar c)
{
    return c < 0x20 && c != '\t' && c != '\n' && c != '\r';
}

// XML 1.0 allows no control characters but tab, LF and CR anywhere in a document. Sixteen bytes at a time
// where SSE2 exists (every x86-64): this pass reads the whole document, so a byte loop would cost a
// twentieth of a CII validation.
qsizetype firstControlCharacter(QByteArrayView text)
{
    const auto *p = reinterpret_cast<const uchar *>(text.data());
    const qsizetype size = text.size();
    qsizetype i = 0;
#ifdef __SSE2__
    const __m128i below = _mm_set1_epi8(0x1F);
    const __m128i tab = _mm_set1_epi8('\t');
    const __m128i lf = _mm_set1_epi8('\n');
    const __m128i cr = _mm_set1_epi8('\r');
    const auto forbidden = [&](qsizetype at) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + at));
        const __m128i control = _mm_cmpeq_epi8(_mm_min_epu8(v, below), v); // v <= 0x1F
        const __m128i allowed = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(v, tab), _mm_cmpeq_epi8(v, lf)), _mm_cmpeq_epi8(v, cr));
        return _mm_andnot_si128(allowed, control);
    };
    // Four vectors per test: a forbidden character is rare, so one movemask and branch per 64 bytes; the
    // block that has one is searched again sixteen bytes at a time below.
    for (; i + 64 <= size; i += 64) {
        const __m128i any = _mm_or_si128(_mm_or_si128(forbidden(i), forbidden(i + 16)),
            _mm_or_si128(forbidden(i + 32), forbidden(i + 48)));
        if (_mm_movemask_epi8(any))
            break;
    }
    for (; i + 16 <= size; i += 16) {
        if (const int mask = _mm_movemask_epi8(forbidden(i)))
            return i + std::countr_zero(uint(mask));
    }
#endif
    for (; i < size; ++i) {
        if (isControlCharacter(p[i]))
            return i;
    }
    return -1;
}

// U+FFFE and U+FFFF are valid UTF-8 but no XML characters (EF BF BE, EF BF BF). Their lead byte is rare in
// invoices, so one memchr finds every candidate.
qsizetype firstExcludedCharacter(QByteArrayView text)
{
    if (text.isEmpty())
        return -1; // an empty view may have no data: memchr on a null pointer is undefined even for 0 bytes
    const char *const begin = text.data();
    const char *const end = begin + text.size();
    for (const char *p = begin;
         (p = static_cast<const char *>(std::memchr(p, '\xef', size_t(end - p)))) != nullptr; ++p) {
        if (end - p >= 3 && p[1] == '\xbf' && (p[2] == '\xbe' || p[2] == '\xbf'))
            return p - begin;
    }
    return -1;
}

} // namespace

Position positionOf(QByteArrayView text, qsizetype offset)
{
    Position position;
    qsizetype lineStart = 0;
    const qsizetype end = std::clamp<qsizetype>(offset, 0, text.size());
    for (qsizetype i = 0; i < end; ++i) {
        const char c = text[i];
        if (c == '\n' || (c == '\r' && (i + 1 >= text.size() || text[i + 1] != '\n'))) {
            ++position.line;
            lineStart = i + 1;
        }
    }
    position.column = end - lineStart + 1;
    return position;
}

QString at(QByteArrayView text, qsizetype offset)
{
    const Position p = positionOf(text, offset);
    return u"line %1, column %2"_s.arg(p.line).arg(p.column);
}

QString notWellFormed(QByteArrayView text, qsizetype offset, const QString &reason)
{
    return u"%1: the XML is not well-formed: %2"_s.arg(at(text, offset), reason);
}

bool looksLikeXml(const QByteArray &bytes)
{
    if (bytes.startsWith("\xFF\xFE") || bytes.startsWith("\xFE\xFF"))
        return true;
    qsizetype i = bytes.startsWith("\xEF\xBB\xBF") ? 3 : 0;
    while (i < bytes.size()
        && (bytes.at(i) == ' ' || bytes.at(i) == '\t' || bytes.at(i) == '\r' || bytes.at(i) == '\n'))
        ++i;
    return i < bytes.size() && bytes.at(i) == '<';
}

std::optional<QString> encodingProblem(const QByteArray &input)
{
    const Detected detected = detect(input);
    const QByteArray declared = declarationEncoding(input, detected);
    if (declared.isEmpty())
        return std::nullopt;
    const QString shown = QString::fromLatin1(declared.left(40));
    const QByteArray name = declared.toLower();
    const bool isUtf16 = detected != Detected::Utf8;
    if (name == "utf-8" || name == "utf8") {
        if (isUtf16)
            return u"the XML declares encoding '%1' but its bytes are UTF-16"_s.arg(shown);
        return std::nullopt;
    }
    if (name == "utf-16" || name == "utf-16le" || name == "utf-16be") {
        if (!isUtf16)
            return u"the XML declares encoding '%1' but has neither a UTF-16 byte order mark nor UTF-16 "
                   "bytes"_s.arg(shown);
        return std::nullopt;
    }
    // ASCII is UTF-8 byte for byte, as long as no byte says otherwise.
    if (name == "us-ascii" || name == "ascii") {
        if (isUtf16)
            return u"the XML declares encoding '%1' but its bytes are UTF-16"_s.arg(shown);
        if (std::any_of(input.cbegin(), input.cend(), [](char c) { return uchar(c) >= 0x80; }))
            return u"the XML declares encoding '%1' but holds bytes beyond ASCII"_s.arg(shown);
        return std::nullopt;
    }
    return u"the XML declares encoding '%1', which ADES does not read (only UTF-8 and UTF-16)"_s.arg(shown);
}

std::optional<QString> readAsUtf8(const QByteArray &input, QByteArray &utf8)
{
    // Another declared encoding is refused, never read as if it were UTF-8.
    if (std::optional<QString> problem = encodingProblem(input))
        return u"line 1: "_s + *problem;
    if (looksLikeUtf16(input)) {
        const bool bigEndian = input.startsWith("\xfe\xff") || input.at(0) == 0;
        QStringDecoder decoder(bigEndian ? QStringDecoder::Utf16BE : QStringDecoder::Utf16LE);
        const QString text = decoder.decode(input);
        if (decoder.hasError())
            return u"line 1: the XML is not well-formed: the content is not valid UTF-16"_s;
        utf8 = text.toUtf8();
    } else {
        utf8 = input.startsWith("\xef\xbb\xbf") ? input.sliced(3) : input;
        if (!QByteArrayView(utf8).isValidUtf8())
            return notWellFormed(utf8, firstInvalidUtf8(utf8), u"the content is not valid UTF-8"_s);
    }
    if (const qsizetype excluded = firstExcludedCharacter(utf8); excluded >= 0)
        return notWellFormed(utf8, excluded, u"the character U+FFFE or U+FFFF is not allowed in XML"_s);
    if (const qsizetype control = firstControlCharacter(utf8); control >= 0)
        return notWellFormed(utf8, control,
            u"the character U+%1 is not allowed in XML"_s.arg(
                uint(uchar(utf8[control])), 4, 16, QChar(u'0')));
    return std::nullopt;
}

qsizetype countStartTags(QByteArrayView text)
{
    qsizetype count = 0;
    const char *p = text.data();
    const char *const end = p + text.size();
    while ((p = static_cast<const char *>(std::memchr(p, '<', size_t(end - p)))) != nullptr) {
        ++p;
        if (p < end && *p != '/' && *p != '!' && *p != '?')
            ++count;
    }
    return count;
}

} // namespace ades::eu::xml
