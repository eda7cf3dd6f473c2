#include "IbanValidator.h"

#include "BankRegistry.h"
#include "IbanRegistry.h"

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

bool isUpper(char16_t c)
{
    return c >= u'A' && c <= u'Z';
}

bool isDigit(char16_t c)
{
    return c >= u'0' && c <= u'9';
}

QString countryLabel(const IbanCountrySpec &spec)
{
    return spec.name.isEmpty() ? spec.code : spec.code + u" ("_s + spec.name + u')';
}

// Step 1 of the validation order (IbanError): [A-Z]{2}[0-9]{2}[A-Z0-9]+. Returns the English reason, empty
// when the shape is right.
QString shapeProblem(const QString &n)
{
    if (n.isEmpty())
        return u"iban: is empty after removing spaces"_s;
    for (qsizetype i = 0; i < n.size(); ++i) {
        const char16_t c = n.at(i).unicode();
        if (!isUpper(c) && !isDigit(c)) {
            return u"iban: character '%1' at position %2 (after removing spaces) is not allowed; an IBAN "
                   "holds only letters A-Z and digits 0-9"_s.arg(n.at(i))
                       .arg(i + 1);
        }
    }
    if (n.size() < 2 || !isUpper(n.at(0).unicode()) || !isUpper(n.at(1).unicode()))
        return u"iban: must start with a two-letter country code"_s;
    if (n.size() < 4 || !isDigit(n.at(2).unicode()) || !isDigit(n.at(3).unicode()))
        return u"iban: characters 3-4 must be the two check digits, found '%1'"_s.arg(n.mid(2, 2));
    if (n.size() < 5)
        return u"iban: has no account part after the country code and check digits"_s;
    return {};
}

// Why a BBAN does not fit its SWIFT spec ("4!a6!n8!n"): the first character of the wrong kind. Falls back
// to naming the spec when it cannot be expanded position by position.
QString bbanProblem(const IbanCountrySpec &spec, const QString &bban)
{
    QString kinds; // one of n/a/c/e per BBAN position
    qsizetype i = 0;
    const QString &s = spec.bbanSpec;
    while (i < s.size()) {
        int count = 0;
        while (i < s.size() && isDigit(s.at(i).unicode()))
            count = count * 10 + (s.at(i++).unicode() - u'0');
        if (i < s.size() && s.at(i) == u'!')
            ++i;
        if (i >= s.size() || count == 0)
            break;
        kinds += QString(count, s.at(i++));
    }
    const QString prefix = u"iban: the account part (BBAN) does not fit the %1 structure %2 (n = digit, "
                           "a = letter, c = letter or digit)"_s.arg(spec.code, spec.bbanSpec);
    if (kinds.size() != bban.size())
        return prefix;
    for (qsizetype p = 0; p < bban.size(); ++p) {
        const char16_t c = bban.at(p).unicode();
        const char16_t k = kinds.at(p).unicode();
        const bool fits = (k == u'n' && isDigit(c)) || (k == u'a' && isUpper(c))
            || (k == u'c' && (isDigit(c) || isUpper(c))) || (k == u'e' && c == u' ');
        if (!fits) {
            const QString want = k == u'n' ? u"a digit"_s
                : k == u'a'                ? u"a letter"_s
                                           : u"a letter or digit"_s;
            return prefix
                + u": character '%1' at position %2 must be %3"_s.arg(bban.at(p)).arg(p + 5).arg(want);
        }
    }
    return prefix;
}

QString validMessage(const IbanAnalysis &a, const IbanCountrySpec &spec)
{
    QString m = u"Valid %1 IBAN: structure and check digits are correct."_s.arg(countryLabel(spec));
    if (a.national.status == CheckStatus::Ok)
        m += u" National check digits (%1) are correct."_s.arg(a.national.method);
    else if (!a.national.reason.isEmpty())
        m += u" National check digits not checked: %1."_s.arg(a.national.reason);
    if (!spec.inSwiftRegistry)
        m += u" Note: %1 is not in the SWIFT IBAN registry; its format comes from national sources."_s.arg(
            spec.code);
    if (a.qrIban)
        m += u" This is a QR-IBAN (IID 30000-31999): usable only with a QR reference in a Swiss QR-bill."_s;
    return m;
}

} // namespace

QString ibanErrorCode(IbanError error)
{
    switch (error) {
    case IbanError::None:
        return {};
    case IbanError::Format:
        return u"format"_s;
    case IbanError::Country:
        return u"country"_s;
    case IbanError::Length:
        return u"length"_s;
    case IbanError::Checksum:
        return u"checksum"_s;
    case IbanError::NationalChecksum:
        return u"national_checksum"_s;
    }
    return {};
}

IbanValidator::IbanValidator()
    : IbanValidator(IbanRegistry::bundled(), BankRegistry::bundled())
{ }

IbanValidator::IbanValidator(
    std::shared_ptr<const IbanRegistry> registry, std::shared_ptr<const BankRegistry> banks)
    : m_registry(std::move(registry))
    , m_banks(std::move(banks))
{
    Q_ASSERT(m_registry && m_banks);
}

QString IbanValidator::normalize(const QString &input)
{
    QString out;
    out.reserve(input.size());
    for (const QChar ch : input) {
        if (ch.isSpace())
            continue;
        const char16_t c = ch.unicode();
        // Only ASCII is upper-cased: QString::toUpper() would turn e.g. U+0131 (dotless i) into 'I' and let a
        // look-alike character pass as a valid IBAN.
        out += (c >= u'a' && c <= u'z') ? QChar(c - u'a' + u'A') : ch;
    }
    return out;
}

QString IbanValidator::printForm(const QString &electronic)
{
    QString out;
    out.reserve(electronic.size() + electronic.size() / 4);
    for (qsizetype i = 0; i < electronic.size(); ++i) {
        if (i > 0 && i % 4 == 0)
            out += u' ';
        out += electronic.at(i);
    }
    return out;
}

int IbanValidator::mod97(QStringView alphanumeric)
{
    int r = 0;
    for (const QChar ch : alphanumeric) {
        const char16_t c = ch.unicode();
        if (isDigit(c))
            r = (r * 10 + (c - u'0')) % 97;
        else
            r = (r * 100 + (c - u'A' + 10)) % 97; // letters are two digits, 10..35
    }
    return r;
}

IbanAnalysis IbanValidator::analyse(const QString &input) const
{
    IbanAnalysis a;
    a.input = input;
    a.normalized = normalize(input);
    a.formatted = printForm(a.normalized);
    a.length = int(a.normalized.size());

    const auto fail = [&a](IbanError error, const QString &message) {
        a.error = error;
        a.message = message;
        if (a.structure == CheckStatus::NotChecked)
            a.structure = CheckStatus::Failed;
        return a;
    };

    // 1. shape
    if (const QString problem = shapeProblem(a.normalized); !problem.isEmpty())
        return fail(IbanError::Format, problem);
    a.country = a.normalized.left(2);
    a.checkDigits = a.normalized.mid(2, 2);
    a.bban = a.normalized.mid(4);

    // 2. country
    const IbanCountrySpec *spec = m_registry->country(a.country);
    if (!spec)
        return fail(IbanError::Country, u"iban: country code '%1' has no IBAN format"_s.arg(a.country));
    a.sepa = spec->sepa;
    a.inSwiftRegistry = spec->inSwiftRegistry;

    // 3. length
    if (a.length != spec->ibanLength) {
        return fail(IbanError::Length,
            u"iban: a %1 IBAN has %2 characters, this one has %3 (spaces not counted)"_s
                .arg(countryLabel(*spec))
                .arg(spec->ibanLength)
                .arg(a.length));
    }

    // 4. BBAN structure
    if (!spec->bbanPattern.match(a.bban).hasMatch())
        return fail(IbanError::Format, bbanProblem(*spec, a.bban));
    a.structure = CheckStatus::Ok;
    a.bankCode = spec->bankCode.of(a.bban);
    a.branchCode = spec->branchCode.of(a.bban);
    a.bankLookupKey = spec->bankLookupKey(a.bban);
    if (a.country == "CH"_L1 || a.country == "LI"_L1) {
        const int iid = a.bankCode.toInt();
        a.qrIban = iid >= 30000 && iid <= 31999;
    }

    // 5. check digits: 00, 01 and 99 are never issued even where the bare mod-97 test passes.
    if (a.checkDigits == "00"_L1 || a.checkDigits == "01"_L1 || a.checkDigits == "99"_L1) {
        a.ibanChecksum = CheckStatus::Failed;
        return fail(IbanError::Checksum,
            u"iban: check digits %1 are never valid (IBAN check digits are 02 to 98)"_s.arg(a.checkDigits));
    }
    const QString rearranged = a.bban + a.normalized.left(4);
    if (mod97(rearranged) != 1) {
        a.ibanChecksum = CheckStatus::Failed;
        return fail(IbanError::Checksum,
            u"iban: the check digits %1 do not match the rest of the IBAN (ISO 7064 "
            "mod 97-10); a character is probably mistyped or swapped"_s.arg(a.checkDigits));
    }
    a.ibanChecksum = CheckStatus::Ok;

    // 6. national check digits
    a.national = NationalChecksum::verify(*spec, a.bban, m_banks.get());
    if (a.national.status == CheckStatus::Failed) {
        const QString what = a.national.method.startsWith("DE:"_L1)
            ? u"fails the Bundesbank check-digit method %1 of bank %2"_s.arg(
                a.national.method.mid(3), a.bankCode)
            : u"has wrong national check digits (%1 rules)"_s.arg(a.national.method);
        return fail(IbanError::NationalChecksum,
            u"iban: the account number %1 although the IBAN check digits are correct; a character is "
            "probably mistyped"_s.arg(what));
    }
    a.message = validMessage(a, *spec);
    return a;
}

std::optional<BankInfo> IbanValidator::lookupBank(const IbanAnalysis &analysis) const
{
    if (analysis.structure != CheckStatus::Ok || analysis.bankLookupKey.isEmpty())
        return std::nullopt;
    return m_banks->lookup(analysis.country, analysis.bankLookupKey);
}

} // namespace ades::eu
