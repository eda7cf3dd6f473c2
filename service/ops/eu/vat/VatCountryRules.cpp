#include "VatCountryRules.h"

#include <QDate>
#include <array>
#include <initializer_list>

using namespace Qt::StringLiterals;

// Every rule restates the national format and check digit of python-stdnum (the reference library, module
// stdnum.<cc>.vat) and reproduces its order of checks, because the shared test vectors
// (data/vat/vectors.json) record which failure class it reports first.

namespace ades::eu {

namespace {

VatRuleOutcome ok()
{
    return {};
}

VatRuleOutcome fail(VatIdError error, const QString &detail = {})
{
    return { error, detail, true };
}

bool isDigit(QChar c)
{
    return c >= u'0' && c <= u'9';
}

int dig(QChar c)
{
    return c.unicode() - u'0';
}

// Non-empty and ASCII digits only (the reference's isdigits(): '' is not digits).
bool isDigits(QStringView s)
{
    if (s.isEmpty())
        return false;
    for (QChar c : s) {
        if (!isDigit(c))
            return false;
    }
    return true;
}

bool allZero(QStringView s)
{
    for (QChar c : s) {
        if (c != u'0')
            return false;
    }
    return true;
}

// Python slicing for non-negative bounds: never out of range, empty when from >= to.
QStringView slice(QStringView s, qsizetype from, qsizetype to = -1)
{
    const qsizetype end = to < 0 ? s.size() : qMin(to, s.size());
    if (from >= end)
        return {};
    return s.sliced(from, end - from);
}

// s[:-n] in Python.
QStringView dropLast(QStringView s, qsizetype n)
{
    return s.first(qMax<qsizetype>(0, s.size() - n));
}

// Callers pass at most 18 digits.
qint64 toInt(QStringView digits)
{
    qint64 v = 0;
    for (QChar c : digits)
        v = v * 10 + dig(c);
    return v;
}

// Python's % (result has the sign of the divisor): several formulas subtract before reducing.
int pyMod(qint64 a, int m)
{
    const int r = int(a % m);
    return r < 0 ? r + m : r;
}

int weighted(QStringView digits, std::initializer_list<int> weights)
{
    int sum = 0;
    qsizetype i = 0;
    for (int w : weights) {
        if (i >= digits.size())
            break;
        sum += w * dig(digits[i++]);
    }
    return sum;
}

// Luhn checksum; 0 for a valid number.
int luhnChecksum(QStringView digits)
{
    int sum = 0;
    bool doubled = false;
    for (qsizetype i = digits.size() - 1; i >= 0; --i) {
        int d = dig(digits[i]);
        if (doubled) {
            d *= 2;
            d = d / 10 + d % 10;
        }
        sum += d;
        doubled = !doubled;
    }
    return sum % 10;
}

int luhnCheckDigit(QStringView digits)
{
    return (10 - luhnChecksum(QString(digits + u'0'))) % 10;
}

// ISO 7064 MOD 11,10 (DE, HR).
bool mod11_10Valid(QStringView digits)
{
    int check = 5;
    for (QChar c : digits)
        check = (((check == 0 ? 10 : check) * 2) % 11 + dig(c)) % 10;
    return check == 1;
}

// ISO 7064 MOD 97-10 over letters A=10 ... Z=35 (NL sole-trader numbers since 2020).
bool mod97_10Valid(QStringView text)
{
    int r = 0;
    for (QChar c : text) {
        if (isDigit(c)) {
            r = (r * 10 + dig(c)) % 97;
        } else if (c >= u'A' && c <= u'Z') {
            r = (r * 100 + (c.unicode() - u'A' + 10)) % 97;
        } else {
            return false;
        }
    }
    return r == 1;
}

// Python's str.zfill: pads with zeros after an optional sign.
QString zfill(QStringView s, qsizetype width)
{
    if (s.size() >= width)
        return s.toString();
    const QString zeros(width - s.size(), u'0');
    if (!s.isEmpty() && (s[0] == u'+' || s[0] == u'-'))
        return s.first(1) + zeros + s.sliced(1);
    return zeros + s;
}

bool isRealDate(int year, int month, int day)
{
    return QDate::isValid(year, month, day);
}

// Czech and Slovak birth number (rodné číslo), 9 or 10 digits: YYMMDD with +50 (women) and +20 (serial
// overflow) on the month; 9 digits only before 1954.
VatRuleOutcome birthNumber(QStringView b)
{
    if (!isDigits(b))
        return fail(VatIdError::Format);
    if (b.size() != 9 && b.size() != 10)
        return fail(VatIdError::Length);
    int year = 1900 + int(toInt(b.first(2)));
    const int month = int(toInt(b.sliced(2, 2))) % 50 % 20;
    const int day = int(toInt(b.sliced(4, 2)));
    if (b.size() == 9) {
        if (year >= 1980)
            year -= 100;
        if (year > 1953)
            return fail(VatIdError::Length, u"9-digit birth numbers were only issued before 1954"_s);
    } else if (year < 1954) {
        year += 100;
    }
    if (!isRealDate(year, month, day))
        return fail(VatIdError::Component, u"the birth number does not start with a real date (YYMMDD)"_s);
    if (b.size() == 10) {
        int check = int(toInt(b.first(9)) % 11);
        // Before 1985 a remainder of 10 was written as 0.
        if (QDate(year, month, day) < QDate(1985, 1, 1))
            check %= 10;
        if (check != dig(b[9]))
            return fail(VatIdError::Checksum);
    }
    return ok();
}

VatRuleOutcome checkAt(QString &b)
{
    if (!b.startsWith(u'U') || !isDigits(slice(b, 1)))
        return fail(VatIdError::Format);
    if (b.size() != 9)
        return fail(VatIdError::Length);
    if (pyMod(6 - luhnChecksum(QStringView(b).sliced(1, 7)), 10) != dig(b[8]))
        return fail(VatIdError::Checksum);
    return ok();
}

VatRuleOutcome checkBe(QString &b)
{
    if (b.startsWith(u"(0)"_s))
        b = u'0' + b.sliced(3);
    if (b.size() == 9)
        b.prepend(u'0'); // legacy 9-digit form
    if (!isDigits(b) || allZero(b))
        return fail(VatIdError::Format);
    if (b.size() != 10)
        return fail(VatIdError::Length);
    if (b[0] != u'0' && b[0] != u'1')
        return fail(VatIdError::Component, u"Belgian enterprise numbers start with 0 or 1"_s);
    const QStringView v(b);
    if ((toInt(v.first(8)) + toInt(v.sliced(8))) % 97 != 0)
        return fail(VatIdError::Checksum);
    return ok();
}

VatRuleOutcome checkBg(QString &b)
{
    if (!isDigits(b))
        return fail(VatIdError::Format);
    const QStringView v(b);
    if (b.size() == 9) {
        int s = 0;
        for (int i = 0; i < 8; ++i)
            s += (i + 1) * dig(v[i]);
        s %= 11;
        if (s == 10) {
            s = 0;
            for (int i = 0; i < 8; ++i)
                s += (i + 3) * dig(v[i]);
            s %= 11;
        }
        if (s % 10 != dig(v[8]))
            return fail(VatIdError::Checksum);
        return ok();
    }
    if (b.size() != 10)
        return fail(VatIdError::Length);
    const int last = dig(v[9]);
    // (a) personal number EGN with a real birth date
    {
        int year = 1900 + int(toInt(v.first(2)));
        int month = int(toInt(v.sliced(2, 2)));
        const int day = int(toInt(v.sliced(4, 2)));
        if (month > 40) {
            year += 100;
            month -= 40;
        } else if (month > 20) {
            year -= 100;
            month -= 20;
        }
        if (isRealDate(year, month, day) && weighted(v, { 2, 4, 8, 5, 10, 9, 7, 3, 6 }) % 11 % 10 == last)
            return ok();
    }
    // (b) foreigner number
    if (weighted(v, { 21, 19, 17, 13, 11, 9, 7, 3, 1 }) % 10 == last)
        return ok();
    // (c) others; a result of 10 never matches a digit
    if (pyMod(11 - weighted(v, { 4, 3, 2, 7, 6, 5, 4, 3, 2 }), 11) == last)
        return ok();
    return fail(VatIdError::Checksum);
}

VatRuleOutcome checkCy(QString &b)
{
    if (!isDigits(dropLast(b, 1)))
        return fail(VatIdError::Format);
    if (b.size() != 9)
        return fail(VatIdError::Length);
    if (b.startsWith(u"12"_s))
        return fail(VatIdError::Component, u"Cypriot VAT numbers cannot start with 12"_s);
    static constexpr std::array<int, 10> odd = { 1, 0, 5, 7, 9, 13, 15, 17, 19, 21 };
    int sum = 0;
    for (int i = 0; i < 8; ++i)
        sum += i % 2 == 0 ? odd[size_t(dig(b[i]))] : dig(b[i]);
    if (b[8] != QChar(u'A' + sum % 26))
        return fail(VatIdError::Checksum);
    return ok();
}

VatRuleOutcome checkCz(QString &b)
{
    if (!isDigits(b))
        return fail(VatIdError::Format);
    const QStringView v(b);
    if (b.size() == 8) {
        if (b[0] == u'9')
            return fail(
                VatIdError::Component, u"8-digit Czech numbers (legal entities) cannot start with 9"_s);
        int c = pyMod(11 - weighted(v, { 8, 7, 6, 5, 4, 3, 2 }), 11);
        c = (c == 0 ? 1 : c) % 10;
        if (c != dig(v[7]))
            return fail(VatIdError::Checksum);
        return ok();
    }
    if (b.size() == 9 && b[0] == u'6') {
        // individuals without a birth number: the first digit is not weighted
        const int s = weighted(v.sliced(1), { 8, 7, 6, 5, 4, 3, 2 }) % 11;
        if (pyMod(8 - pyMod(10 - s, 11), 10) != dig(v[8]))
            return fail(VatIdError::Checksum);
        return ok();
    }
    if (b.size() == 9 || b.size() == 10)
        return birthNumber(v);
    return fail(VatIdError::Length);
}

VatRuleOutcome checkDe(QString &b)
{
    if (!isDigits(b) || b[0] == u'0')
        return fail(VatIdError::Format);
    if (b.size() != 9)
        return fail(VatIdError::Length);
    if (!mod11_10Valid(b))
        return fail(VatIdError::Checksum);
    return ok();
}

VatRuleOutcome checkDk(QString &b)
{
    if (!isDigits(b) || b[0] == u'0')
        return fail(VatIdError::Format);
    if (b.size() != 8)
        return fail(VatIdError::Length);
    if (weighted(b, { 2, 7, 6, 5, 4, 3, 2, 1 }) % 11 != 0)
        return fail(VatIdError::Checksum);
    return ok();
}

VatRuleOutcome checkEe(QString &b)
{
    if (!isDigits(b))
        return fail(VatIdError::Format);
    if (b.size() != 9)
        return fail(VatIdError::Length);
    if (weighted(b, { 3, 7, 1, 3, 7, 1, 3, 7, 1 }) % 10 != 0)
        return fail(VatIdError::Checksum);
    return ok();
}

VatRuleOutcome checkEl(QString &b)
{
    if (b.size() == 8)
        b.prepend(u'0'); // legacy 8-digit form
    if (!isDigits(b))
        return fail(VatIdError::Format);
    if (b.size() != 9)
        return fail(VatIdError::Length);
    qint64 c = 0;
    for (int i = 0; i < 8; ++i)
        c = c * 2 + dig(b[i]);
    if (c * 2 % 11 % 10 != dig(b[8]))
        return fail(VatIdError::Checksum);
    return ok();
}

QChar dniLetter(qint64 n)
{
    static const QString letters = u"TRWAGMYFPDXBNJZSQVHLCKE"_s;
    return letters[qsizetype(n % 23)];
}

VatRuleOutcome checkEs(QString &b)
{
    const QStringView v(b);
    if (!isDigits(slice(v, 1, v.size() - 1)))
        return fail(VatIdError::Format);
    if (b.size() != 9)
        return fail(VatIdError::Length);
    const QChar first = b[0];
    if (u"KLM"_s.contains(first)) {
        // Spaniards under 14, abroad, or foreigners without NIE: DNI letter over the 7 middle digits
        if (b[8] != dniLetter(toInt(v.sliced(1, 7))))
            return fail(VatIdError::Checksum);
        return ok();
    }
    if (isDigit(first)) {
        if (!isDigits(v.first(8)))
            return fail(VatIdError::Format);
        if (b[8] != dniLetter(toInt(v.first(8))))
            return fail(VatIdError::Checksum);
        return ok();
    }
    if (u"XYZ"_s.contains(first)) {
        const qint64 n = (first.unicode() - u'X') * 10'000'000 + toInt(v.sliced(1, 7));
        if (b[8] != dniLetter(n))
            return fail(VatIdError::Checksum);
        return ok();
    }
    if (u"ABCDEFGHJNPQRSUVW"_s.contains(first)) {
        // CIF: either a digit or a letter as check character is in use
        const int c = luhnCheckDigit(v.sliced(1, 7));
        if (b[8] != QChar(u'0' + c) && b[8] != u"JABCDEFGHI"_s[c])
            return fail(VatIdError::Checksum);
        return ok();
    }
    return fail(
        VatIdError::Format, u"the first character must be a digit or one of K L M X Y Z A-H J N P-S U-W"_s);
}

VatRuleOutcome checkFi(QString &b)
{
    if (!isDigits(b))
        return fail(VatIdError::Format);
    if (b.size() != 8)
        return fail(VatIdError::Length);
    if (weighted(b, { 7, 9, 10, 5, 8, 4, 2, 1 }) % 11 != 0)
        return fail(VatIdError::Checksum);
    return ok();
}

VatRuleOutcome checkFr(QString &b)
{
    static const QString alphabet = u"0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"_s;
    const QStringView v(b);
    for (QChar c : slice(v, 0, 2)) {
        if (!alphabet.contains(c))
            return fail(VatIdError::Format, u"the 2-character key uses 0-9 and A-Z without I and O"_s);
    }
    if (!isDigits(slice(v, 2)))
        return fail(VatIdError::Format);
    if (b.size() != 11)
        return fail(VatIdError::Length);
    const QStringView siren = v.sliced(2);
    // Monaco numbers (SIREN starting 000) are valid TVA numbers but no SIREN.
    if (siren.first(3) != u"000" && luhnChecksum(siren) != 0)
        return fail(VatIdError::Checksum);
    if (isDigits(v)) {
        if (toInt(v.first(2)) != (toInt(siren) * 100 + 12) % 97)
            return fail(VatIdError::Checksum);
        return ok();
    }
    const qsizetype i0 = alphabet.indexOf(b[0]);
    const qsizetype i1 = alphabet.indexOf(b[1]);
    const qint64 check = isDigit(b[0]) ? i0 * 24 + i1 - 10 : i0 * 34 + i1 - 100;
    if ((toInt(siren) + 1 + check / 11) % 11 != check % 11)
        return fail(VatIdError::Checksum);
    return ok();
}

VatRuleOutcome checkHr(QString &b)
{
    if (!isDigits(b))
        return fail(VatIdError::Format);
    if (b.size() != 11)
        return fail(VatIdError::Length);
    if (!mod11_10Valid(b))
        return fail(VatIdError::Checksum);
    return ok();
}

VatRuleOutcome checkHu(QString &b)
{
    if (!isDigits(b))
        return fail(VatIdError::Format);
    if (b.size() != 8)
        return fail(VatIdError::Length);
    if (weighted(b, { 9, 7, 3, 1, 9, 7, 3, 1 }) % 10 != 0)
        return fail(VatIdError::Checksum);
    return ok();
}

const QString &ieAlphabet()
{
    static const QString alphabet = u"WABCDEFGHIJKLMNOPQRSTUV"_s;
    return alphabet;
}

// Check letter over 7 digits (left-padded) plus an optional second letter weighted 9.
QChar ieCheckLetter(const QString &chars)
{
    const QString n = zfill(chars, 7);
    int sum = 0;
    for (int i = 0; i < 7; ++i)
        sum += (8 - i) * dig(n[i]);
    if (n.size() > 7)
        sum += 9 * int(ieAlphabet().indexOf(n[7]));
    return ieAlphabet()[sum % 23];
}

VatRuleOutcome checkIe(QString &b)
{
    const QStringView v(b);
    if (!isDigits(slice(v, 0, 1)) || !isDigits(slice(v, 2, 7)))
        return fail(VatIdError::Format);
    for (QChar c : slice(v, 7)) {
        if (!ieAlphabet().contains(c))
            return fail(VatIdError::Format, u"the letters after the digits must be A-W"_s);
    }
    if (b.size() != 8 && b.size() != 9)
        return fail(VatIdError::Length);
    if (isDigits(v.first(7))) {
        // The optional second letter (9-character form) is weighted with the digits.
        QString weightedPart = b.left(7);
        weightedPart.append(slice(v, 8));
        if (b[7] != ieCheckLetter(weightedPart))
            return fail(VatIdError::Checksum);
        return ok();
    }
    if (u"ABCDEFGHIJKLMNOPQRSTUVWXYZ+*"_s.contains(b[1])) {
        // old style: digit, letter or symbol, 5 digits, check letter
        QString rebuilt = b.mid(2, 5);
        rebuilt.append(b[0]);
        if (b[7] != ieCheckLetter(rebuilt))
            return fail(VatIdError::Checksum);
        return ok();
    }
    return fail(VatIdError::Format);
}

VatRuleOutcome checkIt(QString &b)
{
    if (!isDigits(b) || allZero(QStringView(b).first(qMin<qsizetype>(7, b.size()))))
        return fail(VatIdError::Format);
    if (b.size() != 11)
        return fail(VatIdError::Length);
    const QStringView office = QStringView(b).sliced(7, 3);
    const int code = int(toInt(office));
    if (!((code >= 1 && code <= 100) || code == 120 || code == 121 || code == 888 || code == 999))
        return fail(VatIdError::Component,
            u"the office code (digits 8 to 10) must be 001-100, 120, 121, 888 or 999"_s);
    if (luhnChecksum(b) != 0)
        return fail(VatIdError::Checksum);
    return ok();
}

VatRuleOutcome checkLt(QString &b)
{
    if (!isDigits(b))
        return fail(VatIdError::Format);
    if (b.size() == 9) {
        if (b[7] != u'1')
            return fail(VatIdError::Component, u"the 8th digit of a 9-digit Lithuanian number must be 1"_s);
    } else if (b.size() == 12) {
        if (b[10] != u'1')
            return fail(VatIdError::Component, u"the 11th digit of a 12-digit Lithuanian number must be 1"_s);
    } else {
        return fail(VatIdError::Length);
    }
    const QStringView body = dropLast(b, 1);
    int check = 0;
    for (qsizetype i = 0; i < body.size(); ++i)
        check += int(1 + i % 9) * dig(body[i]);
    check %= 11;
    if (check == 10) {
        check = 0;
        for (qsizetype i = 0; i < body.size(); ++i)
            check += int(1 + (i + 2) % 9) * dig(body[i]);
    }
    if (check % 11 % 10 != dig(b.back()))
        return fail(VatIdError::Checksum);
    return ok();
}

VatRuleOutcome checkLu(QString &b)
{
    if (!isDigits(b))
        return fail(VatIdError::Format);
    if (b.size() != 8)
        return fail(VatIdError::Length);
    const QStringView v(b);
    if (toInt(v.first(6)) % 89 != toInt(v.sliced(6)))
        return fail(VatIdError::Checksum);
    return ok();
}

VatRuleOutcome checkLv(QString &b)
{
    if (!isDigits(b))
        return fail(VatIdError::Format);
    if (b.size() != 11)
        return fail(VatIdError::Length);
    const QStringView v(b);
    if (b[0] > u'3') {
        // legal entity
        if (weighted(v, { 9, 1, 4, 8, 3, 10, 2, 5, 7, 6, 1 }) % 11 != 3)
            return fail(VatIdError::Checksum);
        return ok();
    }
    // Personal codes issued since 2017 start with 32 and carry no birth date.
    if (!b.startsWith(u"32"_s)) {
        const int day = int(toInt(v.first(2)));
        const int month = int(toInt(v.sliced(2, 2)));
        const int year = int(toInt(v.sliced(4, 2))) + 1800 + dig(v[6]) * 100;
        if (!isRealDate(year, month, day))
            return fail(
                VatIdError::Component, u"the personal code does not start with a real date (DDMMYY)"_s);
    }
    if ((1 + weighted(v, { 10, 5, 8, 4, 2, 1, 6, 3, 7, 9 })) % 11 % 10 != dig(v[10]))
        return fail(VatIdError::Checksum);
    return ok();
}

VatRuleOutcome checkMt(QString &b)
{
    if (!isDigits(b) || b[0] == u'0')
        return fail(VatIdError::Format);
    if (b.size() != 8)
        return fail(VatIdError::Length);
    if (weighted(b, { 3, 4, 6, 7, 8, 9, 10, 1 }) % 37 != 0)
        return fail(VatIdError::Checksum);
    return ok();
}

VatRuleOutcome checkNl(QString &b)
{
    // Leading zeros of the 9-digit part may be omitted in input.
    const QStringView raw(b);
    b = zfill(dropLast(raw, 3), 9) + raw.last(qMin<qsizetype>(3, raw.size()));
    const QStringView v(b);
    if (!isDigits(v.first(9)) || allZero(v.first(9)))
        return fail(VatIdError::Format);
    if (!isDigits(slice(v, 10)) || allZero(slice(v, 10)))
        return fail(VatIdError::Format, u"the 2-digit suffix after B must not be 00"_s);
    if (b.size() != 12)
        return fail(VatIdError::Length);
    if (b[9] != u'B')
        return fail(VatIdError::Format, u"the 10th character must be B"_s);
    // Either the "eleven test" (RSIN) or, for sole traders since 2020, ISO 7064 mod 97-10 over NL + number.
    const bool elevenTest = pyMod(weighted(v, { 9, 8, 7, 6, 5, 4, 3, 2 }) - dig(v[8]), 11) == 0;
    if (!elevenTest && !mod97_10Valid(QString(u"NL"_s + b)))
        return fail(VatIdError::Checksum);
    return ok();
}

VatRuleOutcome checkPl(QString &b)
{
    if (!isDigits(b))
        return fail(VatIdError::Format);
    if (b.size() != 10)
        return fail(VatIdError::Length);
    if (pyMod(weighted(b, { 6, 5, 7, 2, 3, 4, 5, 6, 7, -1 }), 11) != 0)
        return fail(VatIdError::Checksum);
    return ok();
}

VatRuleOutcome checkPt(QString &b)
{
    if (!isDigits(b) || b[0] == u'0')
        return fail(VatIdError::Format);
    if (b.size() != 9)
        return fail(VatIdError::Length);
    if (pyMod(11 - weighted(b, { 9, 8, 7, 6, 5, 4, 3, 2 }), 11) % 10 != dig(b[8]))
        return fail(VatIdError::Checksum);
    return ok();
}

// Romanian personal numeric code (CNP): accepted by the reference, not checkable in VIES.
VatRuleOutcome checkRoCnp(QStringView b)
{
    if (!isDigits(b))
        return fail(VatIdError::Format);
    if (b[0] == u'0')
        return fail(VatIdError::Component, u"a personal numeric code (CNP) cannot start with 0"_s);
    int century = 1900;
    if (b[0] == u'3' || b[0] == u'4')
        century = 1800;
    else if (b[0] == u'5' || b[0] == u'6')
        century = 2000;
    const int year = century + int(toInt(b.sliced(1, 2)));
    if (!isRealDate(year, int(toInt(b.sliced(3, 2))), int(toInt(b.sliced(5, 2)))))
        return fail(
            VatIdError::Component, u"the personal numeric code (CNP) does not contain a real birth date"_s);
    int check = weighted(b, { 2, 7, 9, 1, 4, 6, 3, 5, 8, 2, 7, 9 }) % 11;
    if (check == 10)
        check = 1;
    if (check != dig(b[12]))
        return fail(VatIdError::Checksum);
    return { VatIdError::None, u"a Romanian personal numeric code (CNP), which VIES cannot check"_s, false };
}

VatRuleOutcome checkRo(QString &b)
{
    if (b.size() == 13)
        return checkRoCnp(b);
    if (b.size() < 2 || b.size() > 10)
        return fail(VatIdError::Length);
    if (!isDigits(b) || b[0] == u'0')
        return fail(VatIdError::Format);
    const QString padded = zfill(dropLast(b, 1), 9);
    if (10 * weighted(padded, { 7, 5, 3, 2, 1, 7, 5, 3, 2 }) % 11 % 10 != dig(b.back()))
        return fail(VatIdError::Checksum);
    return ok();
}

VatRuleOutcome checkSe(QString &b)
{
    if (!isDigits(b) || !b.endsWith(u"01"_s))
        return fail(VatIdError::Format);
    const QStringView org = dropLast(b, 2);
    if (!isDigits(org))
        return fail(VatIdError::Format);
    if (org.size() != 10)
        return fail(VatIdError::Length);
    if (luhnChecksum(org) != 0)
        return fail(VatIdError::Checksum);
    return ok();
}

VatRuleOutcome checkSi(QString &b)
{
    if (!isDigits(b) || b[0] == u'0')
        return fail(VatIdError::Format);
    if (b.size() != 8)
        return fail(VatIdError::Length);
    int c = 11 - weighted(b, { 8, 7, 6, 5, 4, 3, 2 }) % 11;
    if (c == 10)
        c = 0;
    // c == 11 would need two digits: such numbers are never issued.
    if (c != dig(b[7]))
        return fail(VatIdError::Checksum);
    return ok();
}

VatRuleOutcome checkSk(QString &b)
{
    if (!isDigits(b))
        return fail(VatIdError::Format);
    if (b.size() != 10)
        return fail(VatIdError::Length);
    if (birthNumber(b).error == VatIdError::None)
        return ok();
    const int third = dig(b[2]);
    if (b[0] == u'0' || !(third == 2 || third == 3 || third == 4 || third == 7 || third == 8 || third == 9))
        return fail(
            VatIdError::Format, u"the first digit cannot be 0 and the third must be 2, 3, 4, 7, 8 or 9"_s);
    if (toInt(b) % 11 != 0)
        return fail(VatIdError::Checksum);
    return ok();
}

// GB and XI share the UK format.
VatRuleOutcome checkGb(QString &b)
{
    const QStringView v(b);
    if (b.size() == 5) {
        if (!isDigits(v.sliced(2)))
            return fail(VatIdError::Format);
        const qint64 n = toInt(v.sliced(2));
        if (!((b.startsWith(u"GD"_s) && n < 500) || (b.startsWith(u"HA"_s) && n >= 500)))
            return fail(VatIdError::Component,
                u"government departments are GD000-GD499, health authorities HA500-HA999"_s);
        return ok();
    }
    if (b.size() == 11 && (b.startsWith(u"GD8888"_s) || b.startsWith(u"HA8888"_s))) {
        if (!isDigits(v.sliced(6)))
            return fail(VatIdError::Format);
        const qint64 n = toInt(v.sliced(6, 3));
        if (!((b.startsWith(u"GD"_s) && n < 500) || (b.startsWith(u"HA"_s) && n >= 500)))
            return fail(VatIdError::Component,
                u"government departments are GD000-GD499, health authorities HA500-HA999"_s);
        if (n % 97 != toInt(v.sliced(9, 2)))
            return fail(VatIdError::Checksum);
        return ok();
    }
    if (b.size() == 9 || b.size() == 12) {
        if (!isDigits(v))
            return fail(VatIdError::Format);
        const int s = weighted(v, { 8, 7, 6, 5, 4, 3, 2, 10, 1 }) % 97;
        // The "9755" series restarted at 100 with remainders 42 and 55.
        const bool okSum = toInt(v.first(3)) >= 100 ? (s == 0 || s == 42 || s == 55) : s == 0;
        if (!okSum)
            return fail(VatIdError::Checksum);
        return ok();
    }
    return fail(VatIdError::Length);
}

// Swiss UID with VAT suffix: the body still holds "CHE".
VatRuleOutcome checkCh(QString &b)
{
    if (b.size() != 15 && b.size() != 16)
        return fail(VatIdError::Length);
    const QStringView v(b);
    if (!b.startsWith(u"CHE"_s))
        return fail(VatIdError::Component, u"Swiss VAT numbers start with CHE"_s);
    if (!isDigits(v.sliced(3, 9)))
        return fail(VatIdError::Format);
    const int c = pyMod(11 - weighted(v.sliced(3), { 5, 4, 3, 2, 7, 6, 5, 4 }), 11);
    if (c != dig(v[11]))
        return fail(VatIdError::Checksum);
    const QStringView suffix = v.sliced(12);
    if (suffix != u"MWST" && suffix != u"TVA" && suffix != u"IVA" && suffix != u"TPV")
        return fail(VatIdError::Component, u"the suffix must be MWST, TVA, IVA or TPV"_s);
    return ok();
}

VatRuleOutcome checkNo(QString &b)
{
    if (!b.endsWith(u"MVA"_s))
        return fail(VatIdError::Format, u"Norwegian VAT numbers end with MVA"_s);
    const QStringView org = dropLast(b, 3);
    if (!isDigits(org))
        return fail(VatIdError::Format);
    if (org.size() != 9)
        return fail(VatIdError::Length);
    if (weighted(org, { 3, 2, 7, 6, 5, 4, 3, 2, 1 }) % 11 != 0)
        return fail(VatIdError::Checksum);
    return ok();
}

// OSS identification numbers: digits 1-3 name the identifying member state (ISO 3166 numeric).
QString ossIdentifyingState(QStringView code)
{
    struct Entry
    {
        const char16_t *numeric;
        const char16_t *iso;
    };
    static constexpr Entry states[] = {
        { u"040", u"AT" },
        { u"056", u"BE" },
        { u"100", u"BG" },
        { u"196", u"CY" },
        { u"203", u"CZ" },
        { u"276", u"DE" },
        { u"208", u"DK" },
        { u"233", u"EE" },
        { u"300", u"GR" },
        { u"724", u"ES" },
        { u"246", u"FI" },
        { u"250", u"FR" },
        { u"191", u"HR" },
        { u"348", u"HU" },
        { u"372", u"IE" },
        { u"380", u"IT" },
        { u"440", u"LT" },
        { u"442", u"LU" },
        { u"428", u"LV" },
        { u"470", u"MT" },
        { u"528", u"NL" },
        { u"616", u"PL" },
        { u"620", u"PT" },
        { u"642", u"RO" },
        { u"752", u"SE" },
        { u"705", u"SI" },
        { u"703", u"SK" },
        { u"900", u"XI" },
    };
    for (const Entry &e : states) {
        if (code == QStringView(e.numeric))
            return QString::fromUtf16(e.iso);
    }
    return {};
}

VatRuleOutcome checkOss(QString &b, qsizetype length, const QString &kind)
{
    if (!isDigits(b))
        return fail(VatIdError::Format);
    if (b.size() != length)
        return fail(VatIdError::Length);
    const QString state = ossIdentifyingState(QStringView(b).first(3));
    if (state.isEmpty())
        return fail(VatIdError::Component,
            u"digits 1 to 3 must be the ISO numeric code of the identifying member state (e.g. 276 = DE)"_s);
    return { VatIdError::None, u"%1 number issued by %2, which VIES cannot check"_s.arg(kind, state), false };
}

VatRuleOutcome checkEu(QString &b)
{
    return checkOss(b, 9, u"a non-Union OSS identification"_s);
}

VatRuleOutcome checkIm(QString &b)
{
    return checkOss(b, 10, u"an IOSS identification"_s);
}

QList<VatCountryRule> buildRules()
{
    const QString spaceDash = u" -"_s;
    const QString spaceDashDot = u" -."_s;
    auto member = [](QString prefix, QString iso, QString name, QString separators, QString shape,
                      VatRuleOutcome (*check)(QString &)) {
        VatCountryRule r;
        r.prefix = prefix;
        r.iso = iso;
        r.name = name;
        r.inputPrefixes = { prefix };
        r.separators = separators;
        r.shape = shape;
        r.viesMember = true;
        r.check = check;
        return r;
    };
    QList<VatCountryRule> rules {
        member(u"AT"_s, u"AT"_s, u"Austria"_s, u" -./"_s, u"ATU followed by 8 digits"_s, checkAt),
        member(u"BE"_s, u"BE"_s, u"Belgium"_s, u" -./"_s, u"BE + 10 digits starting with 0 or 1"_s, checkBe),
        member(u"BG"_s, u"BG"_s, u"Bulgaria"_s, spaceDashDot, u"BG + 9 or 10 digits"_s, checkBg),
        member(u"CY"_s, u"CY"_s, u"Cyprus"_s, spaceDash, u"CY + 8 digits and a letter"_s, checkCy),
        member(u"CZ"_s, u"CZ"_s, u"Czechia"_s, u" /"_s, u"CZ + 8, 9 or 10 digits"_s, checkCz),
        member(u"DE"_s, u"DE"_s, u"Germany"_s, u" -./,"_s, u"DE + 9 digits, the first not 0"_s, checkDe),
        member(u"DK"_s, u"DK"_s, u"Denmark"_s, u" -.,/:"_s, u"DK + 8 digits, the first not 0"_s, checkDk),
        member(u"EE"_s, u"EE"_s, u"Estonia"_s, u" "_s, u"EE + 9 digits"_s, checkEe),
        member(u"EL"_s, u"GR"_s, u"Greece"_s, u" -./:"_s, u"EL + 9 digits"_s, checkEl),
        member(u"ES"_s, u"ES"_s, u"Spain"_s, spaceDash,
            u"ES + 9 characters: a digit or letter, 7 digits, a digit or letter"_s, checkEs),
        member(u"FI"_s, u"FI"_s, u"Finland"_s, spaceDash, u"FI + 8 digits"_s, checkFi),
        member(u"FR"_s, u"FR"_s, u"France"_s, spaceDashDot, u"FR + a 2-character key and the 9-digit SIREN"_s,
            checkFr),
        member(u"HR"_s, u"HR"_s, u"Croatia"_s, spaceDash, u"HR + 11 digits"_s, checkHr),
        member(u"HU"_s, u"HU"_s, u"Hungary"_s, spaceDash, u"HU + 8 digits"_s, checkHu),
        member(u"IE"_s, u"IE"_s, u"Ireland"_s, spaceDash,
            u"IE + 7 digits and 1 or 2 letters (old form: digit, letter, 5 digits, letter)"_s, checkIe),
        member(u"IT"_s, u"IT"_s, u"Italy"_s, u" -:"_s, u"IT + 11 digits"_s, checkIt),
        member(u"LT"_s, u"LT"_s, u"Lithuania"_s, spaceDash, u"LT + 9 or 12 digits"_s, checkLt),
        member(u"LU"_s, u"LU"_s, u"Luxembourg"_s, u" -.:"_s, u"LU + 8 digits"_s, checkLu),
        member(u"LV"_s, u"LV"_s, u"Latvia"_s, spaceDash, u"LV + 11 digits"_s, checkLv),
        member(u"MT"_s, u"MT"_s, u"Malta"_s, spaceDash, u"MT + 8 digits, the first not 0"_s, checkMt),
        member(u"NL"_s, u"NL"_s, u"the Netherlands"_s, spaceDashDot, u"NL + 9 digits, B and 2 digits"_s,
            checkNl),
        member(u"PL"_s, u"PL"_s, u"Poland"_s, spaceDash, u"PL + 10 digits"_s, checkPl),
        member(u"PT"_s, u"PT"_s, u"Portugal"_s, spaceDashDot, u"PT + 9 digits, the first not 0"_s, checkPt),
        member(u"RO"_s, u"RO"_s, u"Romania"_s, spaceDash, u"RO + 2 to 10 digits, the first not 0"_s, checkRo),
        member(u"SE"_s, u"SE"_s, u"Sweden"_s, spaceDashDot, u"SE + 12 digits ending in 01"_s, checkSe),
        member(u"SI"_s, u"SI"_s, u"Slovenia"_s, spaceDash, u"SI + 8 digits, the first not 0"_s, checkSi),
        member(u"SK"_s, u"SK"_s, u"Slovakia"_s, spaceDash, u"SK + 10 digits"_s, checkSk),
        member(u"XI"_s, u"XI"_s, u"Northern Ireland"_s, spaceDashDot,
            u"XI + 9 or 12 digits, or GD/HA + 3 digits"_s, checkGb),
    };
    // Greece: VIES knows only EL, people also write GR. UK numbers: the reference strips GB or XI once.
    rules[8].inputPrefixes = { u"EL"_s, u"GR"_s };
    rules.back().inputPrefixes = { u"XI"_s, u"GB"_s };

    VatCountryRule gb = member(u"GB"_s, u"GB"_s, u"the United Kingdom"_s, spaceDashDot,
        u"GB + 9 or 12 digits, or GD/HA + 3 digits"_s, checkGb);
    gb.viesMember = false;
    gb.inputPrefixes = { u"GB"_s, u"XI"_s };
    VatCountryRule ch = member(u"CH"_s, u"CH"_s, u"Switzerland"_s, spaceDashDot,
        u"CHE + 9 digits + MWST, TVA, IVA or TPV"_s, checkCh);
    ch.viesMember = false;
    ch.keepsPrefix = true;
    VatCountryRule no = member(u"NO"_s, u"NO"_s, u"Norway"_s, u" "_s, u"NO + 9 digits + MVA"_s, checkNo);
    no.viesMember = false;
    VatCountryRule eu = member(
        u"EU"_s, u"EU"_s, u"the EU non-Union OSS scheme"_s, spaceDashDot, u"EU + 9 digits"_s, checkEu);
    eu.viesMember = false;
    VatCountryRule im = member(
        u"IM"_s, u"IM"_s, u"the EU import OSS scheme (IOSS)"_s, spaceDashDot, u"IM + 10 digits"_s, checkIm);
    im.viesMember = false;
    rules << gb << ch << no << eu << im;
    return rules;
}

} // namespace

const QList<VatCountryRule> &vatCountryRules()
{
    static const QList<VatCountryRule> rules = buildRules();
    return rules;
}

const VatCountryRule *vatCountryRule(QStringView prefix)
{
    for (const VatCountryRule &rule : vatCountryRules()) {
        // The first accepted prefix owns the rule (GR -> EL, but XI and GB each have their own row).
        if (rule.inputPrefixes.constFirst() == prefix)
            return &rule;
    }
    for (const VatCountryRule &rule : vatCountryRules()) {
        if (rule.inputPrefixes.contains(prefix))
            return &rule;
    }
    return nullptr;
}

} // namespace ades::eu
