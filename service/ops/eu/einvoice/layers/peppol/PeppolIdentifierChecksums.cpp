#include "PeppolIdentifierChecksums.h"

#include "core/Gs1CheckDigit.h"

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

bool isAsciiDigit(QChar c)
{
    return c >= u'0' && c <= u'9';
}

bool isAsciiLetter(QChar c)
{
    return (c >= u'A' && c <= u'Z') || (c >= u'a' && c <= u'z');
}

bool allDigits(QStringView s)
{
    if (s.isEmpty())
        return false;
    for (QChar c : s) {
        if (!isAsciiDigit(c))
            return false;
    }
    return true;
}

bool allLetters(QStringView s)
{
    for (QChar c : s) {
        if (!isAsciiLetter(c))
            return false;
    }
    return true;
}

// castable as xs:integer: optional sign, at least one digit, surrounding blanks allowed.
bool castableAsInteger(QStringView s)
{
    s = s.trimmed();
    if (!s.isEmpty() && (s[0] == u'+' || s[0] == u'-'))
        s = s.mid(1);
    return allDigits(s);
}

int digit(QChar c)
{
    return c.unicode() - u'0';
}

} // namespace

bool PeppolIdentifierChecksums::gln(QStringView value)
{
    return gs1CheckDigitValid(value);
}

bool PeppolIdentifierChecksums::norwegianOrganisation(QStringView value)
{
    if (value.size() != 9 || !allDigits(value))
        return false;
    bool aboveZero = false;
    for (QChar c : value)
        aboveZero = aboveZero || c != u'0';
    if (!aboveZero)
        return false;
    int sum = 0;
    for (int i = 0; i < 8; ++i)
        sum += digit(value[7 - i]) * (i % 6 + 2);
    return (11 - sum % 11) % 11 == digit(value[8]);
}

bool PeppolIdentifierChecksums::danishCvr(QStringView value)
{
    if (value.size() == 10 && value.startsWith(u"DK"_s))
        return allDigits(value.mid(2));
    return value.size() == 8 && allDigits(value);
}

bool PeppolIdentifierChecksums::belgianEnterprise(QStringView value)
{
    if (value.size() != 10 || !allDigits(value))
        return false;
    const int body = value.left(8).toInt();
    return value.mid(8).toInt() == 97 - body % 97;
}

bool PeppolIdentifierChecksums::italianIpaCode(QStringView value)
{
    if (value.size() != 6)
        return false;
    for (QChar c : value) {
        if (!isAsciiLetter(c) && !isAsciiDigit(c))
            return false;
    }
    return true;
}

bool PeppolIdentifierChecksums::italianFiscalCode(QStringView value)
{
    if (value.size() == 11)
        return castableAsInteger(value);
    if (value.size() != 16)
        return false;
    return allLetters(value.mid(0, 6)) && castableAsInteger(value.mid(6, 2)) && allLetters(value.mid(8, 1))
        && castableAsInteger(value.mid(9, 2)) && castableAsInteger(value.mid(14, 1))
        && allLetters(value.mid(15, 1));
}

bool PeppolIdentifierChecksums::italianVat(QStringView value)
{
    const QStringView country = value.left(2);
    if (country != u"IT"_s && country != u"it"_s)
        return true;
    const QStringView code = value.mid(2);
    if (code.size() != 11 || !allDigits(code))
        return false;
    static const int doubled[10] = { 0, 2, 4, 6, 8, 1, 3, 5, 7, 9 };
    int sum = 0;
    for (qsizetype i = 0; i < code.size(); ++i)
        sum += i % 2 == 0 ? digit(code[i]) : doubled[digit(code[i])];
    return sum % 10 == 0;
}

bool PeppolIdentifierChecksums::swedishOrganisation(QStringView value)
{
    if (!allDigits(value) || value.size() < 10)
        return false;
    const QStringView main = value.left(9);
    int sum = 0;
    for (qsizetype pos = 1; pos <= main.size(); ++pos) {
        const int d = digit(main[main.size() - pos]);
        sum += pos % 2 == 1 ? (d * 2) % 10 + (d * 2) / 10 : d;
    }
    return (10 - sum % 10) % 10 == digit(value[9]);
}

bool PeppolIdentifierChecksums::australianBusinessNumber(QStringView value)
{
    if (value.size() < 11)
        return false;
    static const int weights[11] = { 10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19 };
    long long sum = 0;
    for (int i = 0; i < 11; ++i) {
        // The artefact subtracts from code points, so any character counts with its code point.
        const int offset = i == 0 ? 49 : 48;
        sum += (static_cast<long long>(value[i].unicode()) - offset) * weights[i];
    }
    return sum % 89 == 0;
}

bool PeppolIdentifierChecksums::greekTin(QStringView value)
{
    if (value.size() < 9)
        return false;
    for (int i = 0; i < 9; ++i) {
        if (!isAsciiDigit(value[i]))
            return false;
    }
    int sum = 0;
    for (int i = 0; i < 8; ++i)
        sum += digit(value[i]) << (8 - i);
    return (sum % 11) % 10 == digit(value[8]);
}

bool PeppolIdentifierChecksums::germanRulesIban(QStringView value)
{
    QString iban;
    for (QChar c : value) {
        // XPath's \s: space, tab, CR and LF only.
        if (c != u' ' && c != u'\t' && c != u'\r' && c != u'\n')
            iban += c;
    }
    if (iban.size() < 4 || iban.size() > 34)
        return false;
    for (int i = 0; i < 2; ++i) {
        if (iban[i] < u'A' || iban[i] > u'Z')
            return false;
    }
    if (!isAsciiDigit(iban[2]) || !isAsciiDigit(iban[3]))
        return false;
    for (qsizetype i = 4; i < iban.size(); ++i) {
        if (!isAsciiLetter(iban[i]) && !isAsciiDigit(iban[i]))
            return false;
    }
    const QString rearranged = iban.mid(4) + iban.left(4);
    int remainder = 0;
    for (QChar c : rearranged) {
        const int v = c.unicode() > 64 ? c.unicode() - 55 : c.unicode() - 48;
        remainder = (remainder * (v >= 10 ? 100 : 10) + v) % 97;
    }
    return remainder == 1;
}

} // namespace ades::eu
