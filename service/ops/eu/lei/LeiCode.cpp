#include "LeiCode.h"

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

constexpr int LeiLength = 20;

bool isLeiCharacter(QChar c)
{
    return (c >= u'0' && c <= u'9') || (c >= u'A' && c <= u'Z');
}

// ISO 7064 mod 97-10 over [0-9A-Z], folded digit by digit so no big number is needed (letters are two
// digits, 10..35).
int mod97(QStringView text)
{
    int remainder = 0;
    for (const QChar c : text) {
        const int value = c.isDigit() ? c.unicode() - u'0' : c.unicode() - u'A' + 10;
        remainder = (value < 10 ? remainder * 10 : remainder * 100) + value;
        remainder %= 97;
    }
    return remainder;
}

} // namespace

LeiAnalysis LeiCode::analyse(const QString &input)
{
    LeiAnalysis a;
    a.input = input;
    a.normalized.reserve(input.size());
    for (const QChar c : input) {
        if (!c.isSpace())
            a.normalized.append(c >= u'a' && c <= u'z' ? QChar(c.unicode() - 32) : c);
    }
    if (a.normalized.size() != LeiLength) {
        a.error = u"length"_s;
        a.message = u"an LEI has 20 characters; this has %1"_s.arg(a.normalized.size());
        return a;
    }
    for (const QChar c : std::as_const(a.normalized)) {
        if (!isLeiCharacter(c)) {
            a.error = u"format"_s;
            a.message = u"an LEI holds only the digits 0-9 and the letters A-Z"_s;
            return a;
        }
    }
    // Check digits computed by ISO 7064 are 02..98; 00, 01 and 99 never occur, as in IBANs.
    const QStringView check = QStringView(a.normalized).last(2);
    if (mod97(a.normalized) != 1 || check == u"00" || check == u"01" || check == u"99") {
        a.error = u"checksum"_s;
        a.message = u"the LEI's check digits (ISO 17442, mod 97) are wrong: a character is mistyped"_s;
        return a;
    }
    a.valid = true;
    a.message = u"LEI check digits are correct"_s;
    return a;
}

QString LeiCode::checkDigits(const QString &base)
{
    if (base.size() != LeiLength - 2)
        return {};
    for (const QChar c : base) {
        if (!isLeiCharacter(c))
            return {};
    }
    const int check = 98 - mod97(QString(base + u"00"_s));
    return u"%1"_s.arg(check, 2, 10, QChar(u'0'));
}

} // namespace ades::eu
