#include "RegistrationNumber.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

int digit(const QString &digits, int index)
{
    return digits.at(index).digitValue();
}

int weightedSum(const QString &digits, std::initializer_list<int> weights)
{
    int sum = 0;
    int i = 0;
    for (int weight : weights)
        sum += digit(digits, i++) * weight;
    return sum;
}

// Norwegian organisation number: 11 - (sum mod 11); 11 means 0, 10 is never issued.
bool norwegianCheck(const QString &digits)
{
    const int remainder = weightedSum(digits, { 3, 2, 7, 6, 5, 4, 3, 2 }) % 11;
    const int check = remainder == 0 ? 0 : 11 - remainder;
    return check != 10 && check == digit(digits, 8);
}

// Czech and Slovak IČO: 11 - (sum mod 11), taken mod 10 (remainder 0 gives 1, remainder 1 gives 0).
bool icoCheck(const QString &digits)
{
    const int remainder = weightedSum(digits, { 8, 7, 6, 5, 4, 3, 2 }) % 11;
    return (11 - remainder) % 10 == digit(digits, 7);
}

// Finnish Y-tunnus: remainder 0 gives 0; remainder 1 is never issued; otherwise 11 - remainder.
bool finnishCheck(const QString &digits)
{
    const int remainder = weightedSum(digits, { 7, 9, 10, 5, 8, 4, 2 }) % 11;
    if (remainder == 1)
        return false;
    return (remainder == 0 ? 0 : 11 - remainder) == digit(digits, 7);
}

bool luhn(const QString &digits)
{
    int sum = 0;
    for (int i = 0; i < digits.size(); ++i) {
        int d = digit(digits, digits.size() - 1 - i);
        if (i % 2 == 1) {
            d *= 2;
            if (d > 9)
                d -= 9;
        }
        sum += d;
    }
    return sum % 10 == 0;
}

// La Poste's establishments (SIREN 356000000) have SIRETs outside Luhn: their digit sum is a multiple of 5.
bool siretCheck(const QString &digits)
{
    if (digits.startsWith(u"356000000"_s)) {
        int sum = 0;
        for (int i = 0; i < digits.size(); ++i)
            sum += digit(digits, i);
        return sum % 5 == 0;
    }
    return luhn(digits);
}

struct Rule
{
    const char16_t *country;
    const char16_t *numberType;
    const char16_t *description; // "a Norwegian organisation number"
};

constexpr Rule Rules[] = {
    { u"NO", u"organisasjonsnummer", u"a Norwegian organisation number (organisasjonsnummer)" },
    { u"CZ", u"IČO", u"a Czech company number (IČO)" },
    { u"SK", u"IČO", u"a Slovak company number (IČO)" },
    { u"FI", u"Y-tunnus", u"a Finnish business ID (Y-tunnus)" },
    { u"FR", u"SIREN", u"a French SIREN" },
    { u"PL", u"KRS", u"a Polish KRS number" },
};

const Rule *ruleFor(const QString &country)
{
    for (const Rule &rule : Rules) {
        if (country == QStringView(rule.country))
            return &rule;
    }
    return nullptr;
}

ServiceError formatError(const QString &field, const QString &input, const Rule &rule, const QString &shape)
{
    return ServiceError::unprocessable(u"registration_number_format"_s,
        u"%1: '%2' is not %3, which is %4."_s.arg(field, input, QString::fromUtf16(rule.description), shape),
        field);
}

ServiceError checksumError(const QString &field, const QString &input, const Rule &rule)
{
    return ServiceError::unprocessable(u"registration_number_checksum"_s,
        u"%1: '%2' is not %3: its check digit is wrong (a typing error?). The register was not asked."_s.arg(
            field, input, QString::fromUtf16(rule.description)),
        field);
}

} // namespace

QString RegistrationNumber::numberType(const QString &country)
{
    const Rule *rule = ruleFor(country);
    return rule ? QString::fromUtf16(rule->numberType) : QString();
}

Result<QString> RegistrationNumber::normalize(
    const QString &country, const QString &input, const QString &field)
{
    const Rule *rule = ruleFor(country);
    if (!rule)
        return ServiceError::internal(u"no registration number rule for %1"_s.arg(country));
    static const QRegularExpression separators(u"[\\s.\\-/]"_s);
    static const QRegularExpression digitsOnly(u"^[0-9]+$"_s);
    QString digits = input;
    digits.remove(separators);
    const bool numeric = digitsOnly.match(digits).hasMatch();

    if (country == u"NO"_s) {
        if (!numeric || digits.size() != 9)
            return formatError(field, input, *rule, u"9 digits"_s);
        if (!norwegianCheck(digits))
            return checksumError(field, input, *rule);
        return digits;
    }
    if (country == u"CZ"_s || country == u"SK"_s) {
        if (!numeric || digits.size() > 8 || digits.toLongLong() == 0)
            return formatError(field, input, *rule, u"up to 8 digits"_s);
        digits = digits.rightJustified(8, u'0');
        if (!icoCheck(digits))
            return checksumError(field, input, *rule);
        return digits;
    }
    if (country == u"FI"_s) {
        // "0112038-9"; the leading zero is often dropped ("112038-9").
        if (!numeric || digits.size() < 7 || digits.size() > 8)
            return formatError(field, input, *rule, u"7 digits, a dash and a check digit (e.g. 0112038-9)"_s);
        digits = digits.rightJustified(8, u'0');
        if (!finnishCheck(digits))
            return checksumError(field, input, *rule);
        return QString(digits.left(7) + u'-' + digits.right(1));
    }
    if (country == u"FR"_s) {
        if (!numeric || (digits.size() != 9 && digits.size() != 14))
            return formatError(field, input, *rule, u"9 digits (or a 14-digit SIRET)"_s);
        if (digits.size() == 14 && !siretCheck(digits))
            return checksumError(field, input, *rule);
        const QString siren = digits.left(9);
        if (!luhn(siren))
            return checksumError(field, input, *rule);
        return siren;
    }
    // PL: the KRS number is a plain sequence number.
    if (!numeric || digits.size() > 10 || digits.toLongLong() == 0)
        return formatError(field, input, *rule, u"up to 10 digits"_s);
    return digits.rightJustified(10, u'0');
}

} // namespace ades::eu
