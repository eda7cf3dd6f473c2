#include "PeppolContext.h"

#include "../../InvoiceModel.h"
#include "../../RuleSupport.h"
#include "../../XmlDocument.h"
#include "../../XmlSpace.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace Qt::StringLiterals;
using namespace ades::eu::rules;

namespace ades::eu {

namespace {

const QString RsmNs = u"urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"_s;

// The first two characters of a VAT identifier, as the artefact's country variables take them.
QString prefixOf(const QString &vatId)
{
    return PeppolContext::normalized(QStringView(vatId).left(2)).toUpper();
}

} // namespace

const QString &PeppolContext::namespaceOf(QStringView prefix)
{
    // Decided by the characters that differ (every lookup of every rule passes here).
    static const QString none;
    if (prefix.size() != 3)
        return none;
    const char16_t a = prefix[0].unicode();
    const char16_t b = prefix[1].unicode();
    const char16_t z = prefix[2].unicode();
    if (a == u'c' && z == u'c')
        return b == u'a' ? CacNs : (b == u'b' ? CbcNs : none);
    if (a == u'r' && b == u'a' && z == u'm')
        return RamNs;
    if (a == u'r' && b == u's' && z == u'm')
        return RsmNs;
    if (a == u'u' && b == u'd' && z == u't')
        return UdtNs;
    return none;
}

PeppolContext::PeppolContext(
    const XmlDocument &document, const InvoiceModel &invoice, QList<Finding> &out, const QSet<QString> *only)
    : doc(document)
    , model(invoice)
    , ubl(invoice.syntax == InvoiceModel::Syntax::Ubl)
    , root(document.root())
    , m_out(out)
    , m_only(only)
{
    QString sellerVat;
    QString taxRepVat;
    QString buyerVat;
    if (ubl) {
        // PartyTaxScheme[cac:TaxScheme/cbc:ID = 'VAT']/substring(cbc:CompanyID, 1, 2) of the party.
        auto vatOf = [this](int party) {
            for (int scheme : childrenNamed(party, u"cac:PartyTaxScheme"_sv)) {
                bool vat = false;
                for (int id : all(scheme, { u"cac:TaxScheme"_sv, u"cbc:ID"_sv }))
                    vat = vat || text(id) == u"VAT"_sv;
                if (vat)
                    return prefixOf(text(first(scheme, { u"cbc:CompanyID"_sv })));
            }
            return QString();
        };
        const int seller = first(root, { u"cac:AccountingSupplierParty"_sv, u"cac:Party"_sv });
        const int buyer = first(root, { u"cac:AccountingCustomerParty"_sv, u"cac:Party"_sv });
        sellerVat = vatOf(seller);
        taxRepVat = vatOf(first(root, { u"cac:TaxRepresentativeParty"_sv }));
        buyerVat = vatOf(buyer);
        sellerCountryCode = text(
            first(seller, { u"cac:PostalAddress"_sv, u"cac:Country"_sv, u"cbc:IdentificationCode"_sv }));
        buyerCountryCode = text(
            first(buyer, { u"cac:PostalAddress"_sv, u"cac:Country"_sv, u"cbc:IdentificationCode"_sv }));
        const bool hasSellerCountry
            = exists(seller, { u"cac:PostalAddress"_sv, u"cac:Country"_sv, u"cbc:IdentificationCode"_sv });
        const bool hasBuyerCountry
            = exists(buyer, { u"cac:PostalAddress"_sv, u"cac:Country"_sv, u"cbc:IdentificationCode"_sv });
        const QString sellerCountry = hasSellerCountry ? normalized(sellerCountryCode).toUpper() : u"XX"_s;
        supplierCountry
            = !sellerVat.isEmpty() ? sellerVat : (!taxRepVat.isEmpty() ? taxRepVat : sellerCountry);
        accountingSupplierCountry = !sellerVat.isEmpty() ? sellerVat : sellerCountry;
        customerCountry = !buyerVat.isEmpty()
            ? buyerVat
            : (hasBuyerCountry ? normalized(buyerCountryCode).toUpper() : u"XX"_s);
    } else {
        // SpecifiedTaxRegistration[ram:ID/@schemeID = 'VAT']/substring(ram:ID, 1, 2) of the party.
        auto vatOf = [this](int party) {
            for (int registration : childrenNamed(party, u"ram:SpecifiedTaxRegistration"_sv)) {
                const int id = first(registration, { u"ram:ID"_sv });
                if (id >= 0 && attribute(id, u"schemeID"_s) == u"VAT"_sv)
                    return prefixOf(text(id));
            }
            return QString();
        };
        const int agreement = first(
            root, { u"rsm:SupplyChainTradeTransaction"_sv, u"ram:ApplicableHeaderTradeAgreement"_sv });
        const int seller = first(agreement, { u"ram:SellerTradeParty"_sv });
        const int buyer = first(agreement, { u"ram:BuyerTradeParty"_sv });
        sellerVat = vatOf(seller);
        taxRepVat = vatOf(first(agreement, { u"ram:SellerTaxRepresentativeTradeParty"_sv }));
        buyerVat = vatOf(buyer);
        const int sellerCountryId = first(seller, { u"ram:PostalTradeAddress"_sv, u"ram:CountryID"_sv });
        const int buyerCountryId = first(buyer, { u"ram:PostalTradeAddress"_sv, u"ram:CountryID"_sv });
        sellerCountryCode = text(sellerCountryId);
        buyerCountryCode = text(buyerCountryId);
        const QString sellerCountry
            = sellerCountryId >= 0 ? normalized(sellerCountryCode).toUpper() : u"XX"_s;
        supplierCountry
            = !sellerVat.isEmpty() ? sellerVat : (!taxRepVat.isEmpty() ? taxRepVat : sellerCountry);
        accountingSupplierCountry = !sellerVat.isEmpty() ? sellerVat : sellerCountry;
        customerCountry = !buyerVat.isEmpty()
            ? buyerVat
            : (buyerCountryId >= 0 ? normalized(buyerCountryCode).toUpper() : u"XX"_s);
    }
    // $profile: the artefact's pattern is unanchored, its dots match any character but a line end and
    // '#' stands for its two digits here.
    auto hasProfileForm = [](const QString &id) {
        static const QStringView form = u"urn:fdc:peppol.eu:2017:poacc:billing:##:1.0";
        for (qsizetype start = 0; start + form.size() <= id.size(); ++start) {
            bool same = true;
            for (qsizetype k = 0; same && k < form.size(); ++k) {
                const QChar want = form[k];
                const QChar got = id[start + k];
                if (want == u'.')
                    same = got != u'\n' && got != u'\r';
                else if (want == u'#')
                    same = got >= u'0' && got <= u'9';
                else
                    same = got == want;
            }
            if (same)
                return true;
        }
        return false;
    };
    const int process = ubl
        ? first(root, { u"cbc:ProfileID"_sv })
        : first(root,
            { u"rsm:ExchangedDocumentContext"_sv, u"ram:BusinessProcessSpecifiedDocumentContextParameter"_sv,
                u"ram:ID"_sv });
    const bool hasProcess = ubl ? process >= 0
                                : exists(root,
                                    { u"rsm:ExchangedDocumentContext"_sv,
                                        u"ram:BusinessProcessSpecifiedDocumentContextParameter"_sv });
    const QString processId = normalized(text(process));
    profile = u"Unknown"_s;
    if (hasProcess && hasProfileForm(processId))
        profile = processId.split(u':').value(6);
    sellerIsGerman = normalized(sellerCountryCode).toUpper() == u"DE"_sv;
    buyerIsGerman = normalized(buyerCountryCode).toUpper() == u"DE"_sv;
}

bool PeppolContext::wants(QStringView id) const
{
    return !m_only || m_only->contains(id.toString());
}

void PeppolContext::fail(
    const QString &id, int element, const QString &bt, const QString &message, Finding::Severity severity)
{
    m_out.append(Finding { id, severity, bt, element >= 0 ? doc.path(element) : u"/"_s, message, {} });
}

bool PeppolContext::is(int element, QStringView step) const
{
    if (element < 0)
        return false;
    const XmlElement &e = doc.element(element);
    // The name first: it differs far more often than the namespace.
    return e.name.size() == step.size() - 4 && sameText(e.name, step.mid(4))
        && sameText(e.ns, namespaceOf(step.left(3)));
}

int PeppolContext::parent(int element) const
{
    return element < 0 ? -1 : doc.element(element).parent;
}

bool PeppolContext::isSellerParty(int element) const
{
    return ubl ? (is(element, u"cac:Party"_sv) && is(parent(element), u"cac:AccountingSupplierParty"_sv))
               : is(element, u"ram:SellerTradeParty"_sv);
}

std::vector<int> PeppolContext::childrenNamed(int parentElement, QStringView step) const
{
    std::vector<int> out;
    if (parentElement < 0)
        return out;
    for (int c : doc.childrenOf(parentElement)) {
        if (is(c, step))
            out.push_back(c);
    }
    return out;
}

void PeppolContext::collect(
    int from, const QStringView *steps, qsizetype count, std::vector<int> &out, bool firstOnly) const
{
    if (from < 0)
        return;
    if (count == 0) {
        out.push_back(from);
        return;
    }
    for (int c : doc.childrenOf(from)) {
        if (!is(c, steps[0]))
            continue;
        collect(c, steps + 1, count - 1, out, firstOnly);
        if (firstOnly && !out.empty())
            return;
    }
}

int PeppolContext::first(int from, std::initializer_list<QStringView> steps) const
{
    std::vector<int> out;
    collect(from, steps.begin(), qsizetype(steps.size()), out, true);
    return out.empty() ? -1 : out.front();
}

std::vector<int> PeppolContext::all(int from, std::initializer_list<QStringView> steps) const
{
    std::vector<int> out;
    collect(from, steps.begin(), qsizetype(steps.size()), out, false);
    return out;
}

void PeppolContext::appendText(int element, QString &out) const
{
    const XmlElement &e = doc.element(element);
    out += e.text;
    for (int c : doc.childrenOf(element))
        appendText(c, out);
}

QString PeppolContext::text(int element) const
{
    if (element < 0)
        return {};
    const XmlElement &e = doc.element(element);
    if (e.childCount == 0)
        return e.text;
    QString out;
    appendText(element, out);
    return out;
}

QString PeppolContext::attribute(int element, const QString &name) const
{
    return element < 0 ? QString() : doc.attribute(element, name);
}

bool PeppolContext::hasAttribute(int element, const QString &name) const
{
    return element >= 0 && doc.hasAttribute(element, name);
}

QString PeppolContext::normalized(QStringView text)
{
    return normalizeSpace(text);
}

QString PeppolContext::normalized(const QString &text)
{
    bool normal = text.isEmpty() || (!isXmlSpace(text.front()) && !isXmlSpace(text.back()));
    for (qsizetype i = 0; normal && i < text.size(); ++i) {
        const QChar c = text[i];
        normal = c != u'\t' && c != u'\r' && c != u'\n'
            && !(c == u' ' && i + 1 < text.size() && text[i + 1] == u' ');
    }
    return normal ? text : normalized(QStringView(text));
}

bool PeppolContext::isBlank(QStringView text)
{
    return std::all_of(text.begin(), text.end(), isXmlSpace);
}

bool PeppolContext::isNumber(QStringView text)
{
    return !std::isnan(number(text));
}

double PeppolContext::number(QStringView text)
{
    // xs:double lexical form: sign, digits with an optional point, an optional exponent; INF and NaN.
    const QStringView s = text.trimmed();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    if (s == u"INF"_sv || s == u"+INF"_sv)
        return std::numeric_limits<double>::infinity();
    if (s == u"-INF"_sv)
        return -std::numeric_limits<double>::infinity();
    qsizetype i = 0;
    if (i < s.size() && (s[i] == u'-' || s[i] == u'+'))
        ++i;
    bool digits = false;
    bool point = false;
    for (; i < s.size(); ++i) {
        if (s[i].isDigit() && s[i].unicode() < 128)
            digits = true;
        else if (s[i] == u'.' && !point)
            point = true;
        else
            break;
    }
    if (!digits)
        return nan;
    if (i < s.size() && (s[i] == u'e' || s[i] == u'E')) {
        ++i;
        if (i < s.size() && (s[i] == u'-' || s[i] == u'+'))
            ++i;
        bool expDigits = false;
        for (; i < s.size() && s[i].isDigit() && s[i].unicode() < 128; ++i)
            expDigits = true;
        if (!expDigits)
            return nan;
    }
    if (i != s.size())
        return nan;
    bool ok = false;
    const double value = s.toString().toDouble(&ok);
    return ok ? value : nan;
}

std::optional<Decimal> PeppolContext::decimal(int element) const
{
    if (element < 0)
        return std::nullopt;
    return Decimal::fromString(text(element));
}

std::optional<qint64> PeppolContext::date(QStringView text)
{
    // xs:date: -?YYYY-MM-DD with an optional time zone (Z or +hh:mm / -hh:mm); year 0000 does not exist, a
    // year of more than four digits has no leading zero. Read by hand: every date element passes here.
    const QStringView s = text.trimmed();
    qsizetype i = 0;
    const bool negative = i < s.size() && s[i] == u'-';
    if (negative)
        ++i;
    auto digitsAt = [&s](qsizetype from, qsizetype count, qint64 &value) {
        if (from + count > s.size())
            return false;
        value = 0;
        for (qsizetype k = from; k < from + count; ++k) {
            if (s[k] < u'0' || s[k] > u'9')
                return false;
            value = value * 10 + (s[k].unicode() - u'0');
        }
        return true;
    };
    qsizetype yearEnd = i;
    while (yearEnd < s.size() && s[yearEnd] >= u'0' && s[yearEnd] <= u'9')
        ++yearEnd;
    const qsizetype yearDigits = yearEnd - i;
    if (yearDigits < 4 || yearDigits > 5 || (yearDigits > 4 && s[i] == u'0'))
        return std::nullopt;
    qint64 year = 0, month = 0, day = 0;
    if (!digitsAt(i, yearDigits, year) || yearEnd >= s.size() || s[yearEnd] != u'-'
        || !digitsAt(yearEnd + 1, 2, month) || yearEnd + 3 >= s.size() || s[yearEnd + 3] != u'-'
        || !digitsAt(yearEnd + 4, 2, day))
        return std::nullopt;
    qsizetype rest = yearEnd + 6;
    if (rest < s.size()) {
        qint64 hours = 0, minutes = 0;
        if (s[rest] == u'Z' && rest + 1 == s.size()) {
            // UTC
        } else if ((s[rest] == u'+' || s[rest] == u'-') && rest + 6 == s.size()
            && digitsAt(rest + 1, 2, hours) && s[rest + 3] == u':' && digitsAt(rest + 4, 2, minutes)) {
            if (hours > 14 || minutes > 59)
                return std::nullopt;
        } else {
            return std::nullopt;
        }
    }
    if (year == 0 || month < 1 || month > 12 || day < 1)
        return std::nullopt;
    static const int days[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
    const qint64 y = negative ? 1 - year : year;
    const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    if (day > days[month - 1] + (month == 2 && leap ? 1 : 0))
        return std::nullopt;
    return (negative ? -1 : 1) * (year * 10000 + month * 100 + day);
}

bool PeppolContext::isInteger(QStringView text)
{
    const QStringView s = text.trimmed();
    qsizetype i = 0;
    if (i < s.size() && (s[i] == u'-' || s[i] == u'+'))
        ++i;
    if (i == s.size())
        return false;
    for (; i < s.size(); ++i) {
        if (s[i] < u'0' || s[i] > u'9')
            return false;
    }
    return true;
}

} // namespace ades::eu
