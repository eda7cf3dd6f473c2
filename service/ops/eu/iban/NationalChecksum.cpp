#include "NationalChecksum.h"

#include "BankRegistry.h"
#include "GermanAccountCheck.h"
#include "IbanRegistry.h"

#include <initializer_list>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

int digitAt(QStringView s, qsizetype i)
{
    return s.at(i).unicode() - u'0';
}

// Sum of digit * weight, weights applied from the left; stops at the shorter of the two.
int weighted(QStringView digits, std::initializer_list<int> weights)
{
    int sum = 0;
    qsizetype i = 0;
    for (const int w : weights) {
        if (i >= digits.size())
            break;
        sum += digitAt(digits, i++) * w;
    }
    return sum;
}

// ISO 7064 mod 97 over an alphanumeric string (letters A=10 .. Z=35), folded without big integers.
int mod97(QStringView s)
{
    int r = 0;
    for (const QChar ch : s) {
        const char16_t c = ch.unicode();
        if (c >= u'0' && c <= u'9')
            r = (r * 10 + (c - u'0')) % 97;
        else
            r = (r * 100 + (c - u'A' + 10)) % 97;
    }
    return r;
}

int twoDigits(QStringView s)
{
    return digitAt(s, 0) * 10 + digitAt(s, 1);
}

// BE: last two digits = first ten mod 97, where 0 is written 97.
bool belgium(QStringView b)
{
    qint64 n = 0;
    for (qsizetype i = 0; i < 10; ++i)
        n = n * 10 + digitAt(b, i);
    const int r = int(n % 97);
    return (r == 0 ? 97 : r) == twoDigits(b.mid(10, 2));
}

// ES: "DC" digits at BBAN 9-10, one over bank+branch, one over the account.
bool spain(QStringView b)
{
    const auto digit = [](int sum) {
        const int c = 11 - sum % 11;
        return c == 11 ? 0 : c == 10 ? 1 : c;
    };
    const int d1 = digit(weighted(b.mid(0, 8), { 4, 8, 5, 10, 9, 7, 3, 6 }));
    const int d2 = digit(weighted(b.mid(10, 10), { 1, 2, 4, 8, 5, 10, 9, 7, 3, 6 }));
    return d1 == digitAt(b, 8) && d2 == digitAt(b, 9);
}

// FR, MC: "clé RIB" = 97 - ((89 bank + 15 branch + 3 account) mod 97), letters of the account mapped to
// digits.
bool franceRib(QStringView b)
{
    int bank = 0;
    int branch = 0;
    for (qsizetype i = 0; i < 5; ++i) {
        bank = bank * 10 + digitAt(b, i);
        branch = branch * 10 + digitAt(b, 5 + i);
    }
    int account = 0; // kept mod 97
    for (qsizetype i = 10; i < 21; ++i) {
        const char16_t c = b.at(i).unicode();
        int d = 0;
        if (c >= u'0' && c <= u'9')
            d = c - u'0';
        else if (c <= u'I')
            d = c - u'A' + 1; // A..I -> 1..9
        else if (c <= u'R')
            d = c - u'J' + 1; // J..R -> 1..9
        else
            d = c - u'S' + 2; // S..Z -> 2..9
        account = (account * 10 + d) % 97;
    }
    const int key = 97 - (89 * bank + 15 * branch + 3 * account) % 97;
    return key == twoDigits(b.mid(21, 2));
}

// IT, SM: CIN letter (BBAN 1) over bank + branch + account (22 characters).
bool italyCin(QStringView b)
{
    static constexpr int odd[26]
        = { 1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23 };
    int sum = 0;
    for (qsizetype i = 0; i < 22; ++i) {
        const char16_t c = b.at(1 + i).unicode();
        const int v = (c >= u'0' && c <= u'9') ? c - u'0' : c - u'A';
        sum += (i % 2 == 0) ? odd[v] : v; // i even = 1-based odd position
    }
    return b.at(0).unicode() == u'A' + sum % 26;
}

// PT, SI, BA, ME, MK, RS, TL (minuend 98) and MR, TN (minuend 97): ISO 7064 mod 97-10 over the BBAN
// without its last two digits.
bool mod97Trailer(QStringView b, int minuend)
{
    const QStringView rest = b.first(b.size() - 2);
    const int r = (mod97(rest) * 100) % 97;
    return minuend - r == twoDigits(b.last(2));
}

// PL: digit 8 closes the 8-digit bank/branch number.
bool poland(QStringView b)
{
    const int check = (10 - weighted(b.first(7), { 3, 9, 7, 1, 3, 9, 7 }) % 10) % 10;
    return check == digitAt(b, 7);
}

// NO: mod 11 over bank + account; accounts whose digits 5-6 are 00 are checked over digits 7-10 only.
bool norway(QStringView b)
{
    const QStringView value = b.mid(4, 2) == u"00" ? b.mid(6, 4) : b.first(10);
    const int c = 11 - weighted(value, { 5, 4, 3, 2, 7, 6, 5, 4, 3, 2 }) % 11;
    if (c == 10)
        return false; // no valid check digit exists: the account number itself is invalid
    return c % 11 == digitAt(b, 10);
}

// FI: Luhn over bank code + account (the first 13 BBAN digits).
bool finland(QStringView b)
{
    int sum = 0;
    for (qsizetype i = 12, k = 0; i >= 0; --i, ++k) {
        const int p = digitAt(b, i) * (k % 2 == 0 ? 2 : 1);
        sum += p / 10 + p % 10;
    }
    return (10 - sum % 10) % 10 == digitAt(b, 13);
}

// EE: 7-3-1 over branch + account, read right to left.
bool estonia(QStringView b)
{
    static constexpr int weights[3] = { 7, 3, 1 };
    int sum = 0;
    for (qsizetype i = 14, k = 0; i >= 2; --i, ++k)
        sum += digitAt(b, i) * weights[k % 3];
    return (10 - sum % 10) % 10 == digitAt(b, 15);
}

// CZ, SK: prefix and account number each weigh to 0 mod 11; there is no separate digit.
bool czechSlovak(QStringView b)
{
    return weighted(b.mid(4, 6), { 10, 5, 8, 4, 2, 1 }) % 11 == 0
        && weighted(b.mid(10, 10), { 6, 3, 7, 9, 10, 5, 8, 4, 2, 1 }) % 11 == 0;
}

// IS: the account holder's kennitala (BBAN 13-22) carries a mod-11 digit in its 9th place.
bool iceland(QStringView b)
{
    const QStringView kennitala = b.mid(12, 10);
    int c = 11 - weighted(kennitala, { 3, 2, 7, 6, 5, 4, 3, 2 }) % 11;
    if (c == 11)
        c = 0;
    return c == digitAt(kennitala, 8); // c == 10 never matches a digit: no valid kennitala
}

NationalCheckResult checked(bool ok, const QString &method)
{
    return { ok ? CheckStatus::Ok : CheckStatus::Failed, method, {} };
}

NationalCheckResult germany(QStringView bban, const BankRegistry *banks)
{
    if (!banks || !banks->hasCountry(u"DE"_s))
        return { CheckStatus::NotChecked, {}, u"no Bundesbank bank list to find the check method"_s };
    const auto bank = banks->lookup(u"DE"_s, bban.first(8).toString());
    if (!bank)
        return { CheckStatus::NotChecked, {},
            u"bank code not in the Bundesbank list, so its check method is unknown"_s };
    const QString method = bank->checksumAlgo;
    const std::optional<bool> ok = GermanAccountCheck::verify(method, bban.mid(8, 10).toString());
    if (!ok) {
        const QString why = method == "09"_L1 ? u"Bundesbank method 09 has no check digit"_s
            : GermanAccountCheck::isImplemented(method)
            ? u"Bundesbank method %1 exempts this account number"_s.arg(method)
            : u"Bundesbank method %1 is not among the methods this version checks"_s.arg(method);
        return { CheckStatus::NotChecked, u"DE:"_s + method, why };
    }
    return checked(*ok, u"DE:"_s + method);
}

} // namespace

NationalCheckResult NationalChecksum::verify(
    const IbanCountrySpec &spec, const QString &bban, const BankRegistry *banks)
{
    if (bban.size() != spec.bbanLength)
        return {};
    const QString &cc = spec.code;
    switch (spec.nationalChecksum) {
    case NationalChecksumKind::None:
        return {};
    case NationalChecksumKind::PerBankGerman:
        return germany(bban, banks);
    case NationalChecksumKind::Default:
        break;
    }
    if (cc == "BE"_L1)
        return checked(belgium(bban), cc);
    if (cc == "ES"_L1)
        return checked(spain(bban), cc);
    if (cc == "FR"_L1 || cc == "MC"_L1)
        return checked(franceRib(bban), cc);
    if (cc == "IT"_L1 || cc == "SM"_L1)
        return checked(italyCin(bban), cc);
    if (cc == "PT"_L1 || cc == "SI"_L1 || cc == "BA"_L1 || cc == "ME"_L1 || cc == "MK"_L1 || cc == "RS"_L1
        || cc == "TL"_L1)
        return checked(mod97Trailer(bban, 98), cc);
    if (cc == "MR"_L1 || cc == "TN"_L1)
        return checked(mod97Trailer(bban, 97), cc);
    if (cc == "PL"_L1)
        return checked(poland(bban), cc);
    if (cc == "NO"_L1)
        return checked(norway(bban), cc);
    if (cc == "FI"_L1)
        return checked(finland(bban), cc);
    if (cc == "EE"_L1)
        return checked(estonia(bban), cc);
    if (cc == "CZ"_L1 || cc == "SK"_L1)
        return checked(czechSlovak(bban), cc);
    if (cc == "IS"_L1)
        return checked(iceland(bban), cc);
    // registry.json names a default check we have no algorithm for: say so rather than guess.
    return { CheckStatus::NotChecked, {}, u"no national check implemented for %1"_s.arg(cc) };
}

} // namespace ades::eu
