#include "PeppolIdentifierRules.h"

#include "../../RuleSupport.h"
#include "../../XmlDocument.h"
#include "PeppolContext.h"
#include "PeppolIdentifierChecksums.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;
using namespace ades::eu::rules;

namespace ades::eu {

namespace {

using Checksums = PeppolIdentifierChecksums;

bool digits(const QString &value, int count)
{
    if (count > 0 && value.size() != count)
        return false;
    if (value.isEmpty())
        return false;
    for (QChar ch : value) {
        if (ch < u'0' || ch > u'9')
            return false;
    }
    return true;
}

// One scheme's rule: which identifier elements it reads, and whether the value passes.
enum class Where
{
    Everywhere, // electronic address, party identifier, company identifier
    EndpointOnly, // electronic address only
};

struct SchemeRule
{
    QStringView scheme;
    const char16_t *id;
    Finding::Severity severity;
    Where where;
    bool ubl;
    bool cii;
    QStringView what;
};

constexpr auto Fatal = Finding::Severity::Fatal;
constexpr auto Warning = Finding::Severity::Warning;

constexpr SchemeRule schemeRules[] = {
    { u"0088", u"PEPPOL-COMMON-R040", Fatal, Where::Everywhere, true, true, u"GLN (GS1 check digit)" },
    { u"0192", u"PEPPOL-COMMON-R041", Fatal, Where::Everywhere, true, true,
        u"Norwegian organisation number (9 digits, mod 11)" },
    { u"0184", u"PEPPOL-COMMON-R042", Fatal, Where::Everywhere, true, true,
        u"Danish CVR number (8 digits, optionally prefixed DK)" },
    { u"0208", u"PEPPOL-COMMON-R043", Fatal, Where::Everywhere, true, true,
        u"Belgian enterprise number (10 digits, mod 97)" },
    { u"0201", u"PEPPOL-COMMON-R044", Warning, Where::Everywhere, true, true,
        u"Italian IPA code (6 letters or digits)" },
    { u"0210", u"PEPPOL-COMMON-R045", Warning, Where::Everywhere, true, true,
        u"Italian tax code (codice fiscale)" },
    { u"9907", u"PEPPOL-COMMON-R046", Warning, Where::EndpointOnly, true, true,
        u"Italian tax code (codice fiscale)" },
    { u"0211", u"PEPPOL-COMMON-R047", Warning, Where::Everywhere, true, true,
        u"Italian VAT number (partita IVA)" },
    { u"9906", u"PEPPOL-COMMON-R048", Warning, Where::EndpointOnly, false, true,
        u"Italian VAT number (partita IVA)" },
    { u"0007", u"PEPPOL-COMMON-R049", Fatal, Where::Everywhere, true, true,
        u"Swedish organisation number (10 digits, Luhn)" },
    { u"0151", u"PEPPOL-COMMON-R050", Fatal, Where::Everywhere, true, true,
        u"Australian Business Number (11 digits, mod 89)" },
};

bool passes(QStringView scheme, const QString &raw, bool ubl)
{
    const QString value = PeppolContext::normalized(raw);
    if (scheme == u"0088"_sv)
        return digits(value, 0) && Checksums::gln(value);
    if (scheme == u"0192"_sv)
        return digits(value, 9) && Checksums::norwegianOrganisation(value);
    if (scheme == u"0184"_sv)
        return Checksums::danishCvr(raw); // the artefact reads this one without normalising
    if (scheme == u"0208"_sv)
        return digits(value, 10) && Checksums::belgianEnterprise(value);
    if (scheme == u"0201"_sv)
        return Checksums::italianIpaCode(value);
    if (scheme == u"0210"_sv || scheme == u"9907"_sv)
        return Checksums::italianFiscalCode(value);
    if (scheme == u"0211"_sv || scheme == u"9906"_sv)
        return Checksums::italianVat(value);
    if (scheme == u"0007"_sv)
        return value.size() == 10 && PeppolContext::isNumber(value) && Checksums::swedishOrganisation(value);
    if (scheme == u"0151"_sv)
        return (!ubl || digits(value, 11)) && Checksums::australianBusinessNumber(value);
    return true;
}

} // namespace

PeppolIdentifierRules::PeppolIdentifierRules(PeppolContext &context)
    : c(context)
{ }

void PeppolIdentifierRules::check()
{
    for (int i = 0; i < c.doc.elementCount(); ++i) {
        const XmlElement &e = c.doc.element(i);
        bool endpoint = false;
        bool identifier = false;
        if (c.ubl) {
            endpoint = sameText(e.ns, CbcNs) && sameText(e.name, u"EndpointID"_sv);
            identifier = sameText(e.ns, CbcNs)
                && (sameText(e.name, u"CompanyID"_sv)
                    || (sameText(e.name, u"ID"_sv) && c.is(e.parent, u"cac:PartyIdentification"_sv)));
        } else if (sameText(e.ns, RamNs)) {
            endpoint = sameText(e.name, u"URIID"_sv);
            identifier = sameText(e.name, u"ID"_sv) || sameText(e.name, u"GlobalID"_sv);
        }
        if (!endpoint && !identifier)
            continue;
        if (!c.hasAttribute(i, u"schemeID"_s))
            continue;
        const QString scheme = c.attribute(i, u"schemeID"_s);
        for (const SchemeRule &rule : schemeRules) {
            if (scheme != rule.scheme || !(c.ubl ? rule.ubl : rule.cii))
                continue;
            if (rule.where == Where::EndpointOnly && !endpoint)
                continue;
            const QString id = QString::fromUtf16(rule.id);
            if (c.wants(id) && !passes(rule.scheme, c.text(i), c.ubl))
                c.fail(id, i, {},
                    u"the identifier with scheme %1 is not a valid %2"_s.arg(rule.scheme, rule.what),
                    rule.severity);
        }
    }
}

} // namespace ades::eu
