#include "EurAmount.h"

#include <iterator>
#include <limits>

using namespace Qt::StringLiterals;

namespace ades::market::EurAmount {

namespace {

// Amount (< 2^63) times a scale (<= 10^9) needs more than 64 bits; g++'s 128-bit integer is exact.
__extension__ typedef __int128 Wide;

// The decimal digits of `value` ending at `end`, at least `width` of them (zero-padded); returns the first.
char16_t *writeBackwards(char16_t *end, quint64 value, int width)
{
    int written = 0;
    do {
        *--end = char16_t(u'0' + value % 10);
        value /= 10;
        ++written;
    } while (value != 0 || written < width);
    return end;
}

bool allDigits(const QString &text)
{
    for (const QChar c : text)
        if (c < u'0' || c > u'9')
            return false;
    return true;
}

} // namespace

std::optional<qint64> centsOf(qint64 usdcAtomic, const QString &usdPerEur)
{
    const qsizetype dot = usdPerEur.indexOf(u'.');
    const QString whole = dot < 0 ? usdPerEur : usdPerEur.left(dot);
    const QString fraction = dot < 0 ? QString() : usdPerEur.mid(dot + 1);
    if (whole.isEmpty() || whole.size() > 9 || fraction.size() > 9 || (dot >= 0 && fraction.isEmpty()))
        return std::nullopt;
    const QString digits = whole + fraction;
    if (!allDigits(digits))
        return std::nullopt;
    const qint64 scaled = digits.toLongLong(); // rate * 10^places: at most 18 digits
    if (scaled <= 0)
        return std::nullopt;
    qint64 scale = 1;
    for (qsizetype i = 0; i < fraction.size(); ++i)
        scale *= 10;
    // cents = atomic / 10^6 USD / (scaled / scale) USD per EUR * 100
    //       = atomic * scale / (scaled * 10^4), rounded half away from zero.
    const Wide numerator = Wide(usdcAtomic) * scale;
    const Wide denominator = Wide(scaled) * 10'000;
    const Wide magnitude = numerator < 0 ? -numerator : numerator;
    Wide cents = (magnitude + denominator / 2) / denominator;
    if (numerator < 0)
        cents = -cents;
    if (cents > std::numeric_limits<qint64>::max() || cents < std::numeric_limits<qint64>::min())
        return std::nullopt;
    return qint64(cents);
}

Decimal format(qint64 cents)
{
    const bool negative = cents < 0;
    const quint64 magnitude = negative ? quint64(0) - quint64(cents) : quint64(cents);
    // Written from the last digit backwards: snprintf parsing its format each time cost more than the digits.
    Decimal text;
    char16_t *const end = text.m_units + std::size(text.m_units);
    char16_t *first = writeBackwards(end, magnitude % 100, 2);
    *--first = u'.';
    first = writeBackwards(first, magnitude / 100, 1);
    if (negative)
        *--first = u'-';
    text.m_first = first - text.m_units;
    return text;
}

Decimal usdc(qint64 atomic)
{
    const bool negative = atomic < 0;
    const quint64 magnitude = negative ? quint64(0) - quint64(atomic) : quint64(atomic);
    Decimal text;
    char16_t *first = text.m_units + std::size(text.m_units);
    quint64 fraction = magnitude % 1'000'000;
    if (fraction != 0) {
        int places = 6;
        for (; fraction % 10 == 0; fraction /= 10)
            --places;
        first = writeBackwards(first, fraction, places);
        *--first = u'.';
    }
    first = writeBackwards(first, magnitude / 1'000'000, 1);
    if (negative)
        *--first = u'-';
    text.m_first = first - text.m_units;
    return text;
}

} // namespace ades::market::EurAmount
