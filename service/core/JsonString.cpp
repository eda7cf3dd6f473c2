#include "JsonString.h"

#include <QtEndian>
#include <array>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ades::JsonString {

namespace {

constexpr std::array<bool, 256> plainBytes = [] {
    std::array<bool, 256> plain {};
    for (int c = 0x20; c <= 0x7f; ++c)
        plain[size_t(c)] = c != '"' && c != '\\';
    return plain;
}();

bool isPlainUnit(char16_t unit)
{
    return unit < 0x80 && plainBytes[unit];
}

// Copies the longest run of plain units at the start of [p, end) whose length is a multiple of eight, as
// bytes; returns how many units it copied. Almost every string of a result is plain throughout (addresses,
// hashes, amounts, dates), so this is where their time goes.
qsizetype copyPlainBlocks(char *out, const char16_t *p, const char16_t *end)
{
    qsizetype copied = 0;
#if defined(__SSE2__)
    // Eight units a step: a unit is out of range when it is below 0x20 or above 0x7f as a signed 16-bit
    // number (units from 0x8000 are negative, so below 0x20), or is the quote or the backslash.
    const __m128i space = _mm_set1_epi16(0x20);
    const __m128i del = _mm_set1_epi16(0x7f);
    const __m128i quote = _mm_set1_epi16('"');
    const __m128i backslash = _mm_set1_epi16('\\');
    while (end - p - copied >= 8) {
        const __m128i units = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + copied));
        const __m128i escaped
            = _mm_or_si128(_mm_or_si128(_mm_cmplt_epi16(units, space), _mm_cmpgt_epi16(units, del)),
                _mm_or_si128(_mm_cmpeq_epi16(units, quote), _mm_cmpeq_epi16(units, backslash)));
        if (_mm_movemask_epi8(escaped) != 0)
            break;
        _mm_storel_epi64(reinterpret_cast<__m128i *>(out + copied), _mm_packus_epi16(units, units));
        copied += 8;
    }
#else
    Q_UNUSED(out);
    Q_UNUSED(p);
    Q_UNUSED(end);
#endif
    return copied;
}

} // namespace

bool isPlain(QLatin1StringView text)
{
    // Eight bytes a step (keys are checked each time they are written): none has its top bit, none is below
    // the space, none is the quote or the backslash. A byte's borrow reaches its top bit only when it was
    // below the subtrahend, so each test is exact for the word as a whole.
    constexpr quint64 eachByte = 0x0101'0101'0101'0101;
    constexpr quint64 topBits = eachByte * 0x80;
    const auto anyBelow
        = [](quint64 bytes, quint64 n) { return ((bytes - eachByte * n) & ~bytes & topBits) != 0; };
    const char *p = text.data();
    const char *const end = p + text.size();
    for (; end - p >= 8; p += 8) {
        const quint64 bytes = qFromUnaligned<quint64>(p);
        if ((bytes & topBits) != 0 || anyBelow(bytes, 0x20) || anyBelow(bytes ^ (eachByte * '"'), 1)
            || anyBelow(bytes ^ (eachByte * '\\'), 1))
            return false;
    }
    bool plain = true;
    for (; p < end; ++p)
        plain &= plainBytes[static_cast<unsigned char>(*p)];
    return plain;
}

bool isPlain(QStringView text)
{
    bool plain = true;
    for (const QChar c : text)
        plain &= isPlainUnit(c.unicode());
    return plain;
}

char *write(char *out, QStringView text)
{
    static constexpr char hexDigits[] = "0123456789abcdef";
    *out++ = '"';
    const char16_t *p = text.utf16();
    const char16_t *const end = p + text.size();
    const qsizetype copied = copyPlainBlocks(out, p, end);
    out += copied;
    p += copied;
    while (p < end) {
        const char16_t u = *p++;
        if (isPlainUnit(u)) {
            *out++ = static_cast<char>(u);
        } else if (u == u'"' || u == u'\\') {
            *out++ = '\\';
            *out++ = static_cast<char>(u);
        } else if (u < 0x20) {
            *out++ = '\\';
            switch (u) {
            case u'\b':
                *out++ = 'b';
                break;
            case u'\f':
                *out++ = 'f';
                break;
            case u'\n':
                *out++ = 'n';
                break;
            case u'\r':
                *out++ = 'r';
                break;
            case u'\t':
                *out++ = 't';
                break;
            default:
                *out++ = 'u';
                *out++ = '0';
                *out++ = '0';
                *out++ = hexDigits[u >> 4];
                *out++ = hexDigits[u & 0xf];
            }
        } else if (u < 0x800) {
            *out++ = static_cast<char>(0xc0 | (u >> 6));
            *out++ = static_cast<char>(0x80 | (u & 0x3f));
        } else if (QChar::isHighSurrogate(u) && p < end && QChar::isLowSurrogate(*p)) {
            const char32_t c = QChar::surrogateToUcs4(u, *p++);
            *out++ = static_cast<char>(0xf0 | (c >> 18));
            *out++ = static_cast<char>(0x80 | ((c >> 12) & 0x3f));
            *out++ = static_cast<char>(0x80 | ((c >> 6) & 0x3f));
            *out++ = static_cast<char>(0x80 | (c & 0x3f));
        } else if (QChar::isSurrogate(u)) {
            *out++ = '?';
        } else {
            *out++ = static_cast<char>(0xe0 | (u >> 12));
            *out++ = static_cast<char>(0x80 | ((u >> 6) & 0x3f));
            *out++ = static_cast<char>(0x80 | (u & 0x3f));
        }
    }
    *out++ = '"';
    return out;
}

} // namespace ades::JsonString
