#include "Ipv4Spelling.h"

#include <QList>

namespace ades::web {

std::optional<quint64> Ipv4Spelling::number(QStringView part)
{
    if (part.isEmpty())
        return std::nullopt;
    int radix = 10;
    if (part.size() >= 2 && part[0] == u'0' && (part[1] == u'x' || part[1] == u'X')) {
        radix = 16;
        part = part.mid(2);
    } else if (part.size() >= 2 && part[0] == u'0') {
        radix = 8;
        part = part.mid(1);
    }
    quint64 value = 0;
    for (const QChar c : part) {
        int digit = -1;
        if (c >= u'0' && c <= u'9')
            digit = c.unicode() - u'0';
        else if (radix == 16 && c >= u'a' && c <= u'f')
            digit = c.unicode() - u'a' + 10;
        else if (radix == 16 && c >= u'A' && c <= u'F')
            digit = c.unicode() - u'A' + 10;
        if (digit < 0 || digit >= radix)
            return std::nullopt;
        value = value * quint64(radix) + quint64(digit);
        if (value > 0xffffffffULL)
            value = 0x100000000ULL; // stays out of range without overflowing on long inputs
    }
    return value;
}

Ipv4Spelling::Reading Ipv4Spelling::read(QStringView host)
{
    QList<QStringView> parts;
    for (const QStringView part : host.tokenize(u'.'))
        parts.append(part);
    if (parts.size() > 1 && parts.last().isEmpty())
        parts.removeLast();
    if (parts.isEmpty())
        return {};
    // The ends-in-a-number check: the last label all digits, or a complete 0x number.
    const QStringView last = parts.last();
    bool allDigits = !last.isEmpty();
    for (const QChar c : last)
        allDigits = allDigits && c >= u'0' && c <= u'9';
    const bool hexLast = last.size() >= 2 && last[0] == u'0' && (last[1] == u'x' || last[1] == u'X')
        && number(last).has_value();
    if (!allDigits && !hexLast)
        return {};

    Reading reading { Kind::Invalid, 0, false };
    if (parts.size() > 4)
        return reading;
    QList<quint64> numbers;
    for (const QStringView part : parts) {
        const auto n = number(part);
        if (!n)
            return reading;
        numbers.append(*n);
    }
    for (qsizetype i = 0; i + 1 < numbers.size(); ++i) {
        if (numbers[i] > 255)
            return reading;
    }
    const int lastBytes = 5 - int(numbers.size());
    if (numbers.last() >= (quint64(1) << (8 * lastBytes)))
        return reading;
    quint64 address = numbers.last();
    for (qsizetype i = 0; i + 1 < numbers.size(); ++i)
        address += numbers[i] << (8 * (3 - i));

    reading.kind = Kind::Address;
    reading.address = quint32(address);
    reading.canonical = parts.size() == 4 && host.size() <= 15 && !host.endsWith(u'.');
    for (const QStringView part : parts) {
        bool decimal = !part.isEmpty() && (part.size() == 1 || part[0] != u'0');
        for (const QChar c : part)
            decimal = decimal && c >= u'0' && c <= u'9';
        reading.canonical = reading.canonical && decimal;
    }
    return reading;
}

} // namespace ades::web
