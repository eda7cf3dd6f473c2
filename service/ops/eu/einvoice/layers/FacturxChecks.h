#pragma once

#include "../Decimal.h"
#include "../EinvoiceValidator.h"
#include "../ProfileCodeLists.h"
#include "CiiQuery.h"

#include <QList>
#include <QStringList>
#include <cmath>
#include <optional>
#include <vector>

// What the Factur-X profile rule families share (FacturxMinimumRules.cpp, FacturxBasicRules.cpp): the
// document, where findings go, and the readings of the document several rules make. Internal to layers/.
namespace ades::eu::facturx {

using namespace Qt::StringLiterals;

using Severity = Finding::Severity;
using Name = CiiQuery::Name;

inline const QString SchemeId = u"schemeID"_s;
inline const QString CurrencyId = u"currencyID"_s;
inline const QString Format = u"format"_s;

inline Name ram(QStringView local)
{
    return CiiQuery::ram(local);
}

inline Name rsm(QStringView local)
{
    return CiiQuery::rsm(local);
}

inline Name udt(QStringView local)
{
    return CiiQuery::udt(local);
}

// XPath round() on a double: the nearest integer, halves towards positive infinity.
inline double roundXPath(double value)
{
    return std::floor(value + 0.5);
}

// The profile's r2 on doubles: round(x * 10 * 10) div 100.
inline double round2(double value)
{
    return roundXPath(value * 100) / 100;
}

class FacturxChecks
{
public:
    FacturxChecks(const XmlDocument &doc, QList<Finding> &out, QString codes)
        : m_q(doc)
        , m_out(out)
        , m_root(m_q.invoiceRoot())
        , m_codes(std::move(codes))
    { }

protected:
    const CiiQuery m_q;
    QList<Finding> &m_out;
    const int m_root;
    const QString m_codes; // the profile's code list file (ProfileCodeLists)

    void fail(const char16_t *id, const char16_t *bt, int context, const QString &message)
    {
        m_out.append(Finding { QString::fromUtf16(id), Severity::Fatal, QString::fromUtf16(bt),
            m_q.doc().path(context), message });
    }

    bool hasVa(const std::vector<int> &ids) const
    {
        for (int id : ids) {
            if (m_q.hasAttributeValue(id, SchemeId, u"VA"))
                return true;
        }
        return false;
    }

    bool childValueIs(int element, Name child, QStringView value) const
    {
        for (int c : m_q.select(element, { child })) {
            if (m_q.stringValue(c) == value)
                return true;
        }
        return false;
    }

    // "path = 0": some selected element's number is zero.
    bool someNumberIs(const std::vector<int> &elements, double value) const
    {
        for (int e : elements) {
            const std::optional<double> n = m_q.number(e);
            if (n && *n == value)
                return true;
        }
        return false;
    }

    // string-length(substring-after(path, '.')) <= 2 on the first selected element.
    bool atMostTwoDecimals(int context, Name child) const
    {
        const std::vector<int> found = m_q.select(context, { child });
        if (found.empty())
            return true;
        const QString value = m_q.stringValue(found.front());
        const qsizetype dot = value.indexOf(u'.');
        return dot < 0 || value.size() - dot - 1 <= 2;
    }

    // The document's seller/tax representative/buyer VAT identifiers, found the two ways the rules look.
    bool sellerOrRepresentativeVaAnywhere() const
    {
        return hasVa(
                   m_q.everywhere({ ram(u"SellerTradeParty"), ram(u"SpecifiedTaxRegistration"), ram(u"ID") }))
            || hasVa(m_q.everywhere(
                { ram(u"SellerTaxRepresentativeTradeParty"), ram(u"SpecifiedTaxRegistration"), ram(u"ID") }));
    }
    bool buyerVaAnywhere() const
    {
        return hasVa(
            m_q.everywhere({ ram(u"BuyerTradeParty"), ram(u"SpecifiedTaxRegistration"), ram(u"ID") }));
    }
    bool sellerOrRepresentativeVaInAgreement() const
    {
        const std::vector<int> agreement = m_q.select(
            m_root, { rsm(u"SupplyChainTradeTransaction"), ram(u"ApplicableHeaderTradeAgreement") });
        for (int a : agreement) {
            if (hasVa(
                    m_q.select(a, { ram(u"SellerTradeParty"), ram(u"SpecifiedTaxRegistration"), ram(u"ID") }))
                || hasVa(m_q.select(a,
                    { ram(u"SellerTaxRepresentativeTradeParty"), ram(u"SpecifiedTaxRegistration"),
                        ram(u"ID") })))
                return true;
        }
        return false;
    }

    QStringList invoiceCurrencies() const
    {
        QStringList codes;
        for (int c : m_q.select(m_root,
                 { rsm(u"SupplyChainTradeTransaction"), ram(u"ApplicableHeaderTradeSettlement"),
                     ram(u"InvoiceCurrencyCode") }))
            codes << m_q.stringValue(c);
        return codes;
    }

    // The profile's BR-DEC-13: holds when there is no VAT total, or one VAT total either is in another
    // currency (or has none) or, in the invoice currency, equals itself rounded to cents (in doubles).
    bool vatTotalRounded(int sum) const
    {
        const std::vector<int> totals = m_q.select(sum, { ram(u"TaxTotalAmount") });
        if (totals.empty())
            return true;
        const QStringList currencies = invoiceCurrencies();
        for (int total : totals) {
            const bool inInvoiceCurrency = m_q.doc().hasAttribute(total, CurrencyId)
                && currencies.contains(m_q.doc().attribute(total, CurrencyId));
            if (!inInvoiceCurrency)
                return true;
            const std::optional<double> value = m_q.number(total);
            if (value && *value == round2(*value))
                return true;
        }
        return false;
    }

    // true/false of an xs:boolean cast; empty for any other text.
    std::optional<bool> indicator(int allowanceCharge) const
    {
        const std::vector<int> found
            = m_q.select(allowanceCharge, { ram(u"ChargeIndicator"), udt(u"Indicator") });
        if (found.size() != 1)
            return std::nullopt;
        const QString value = m_q.stringValue(found.front()).trimmed();
        if (value == u"true" || value == u"1")
            return true;
        if (value == u"false" || value == u"0")
            return false;
        return std::nullopt;
    }

    std::vector<int> headerAllowanceCharges() const
    {
        return m_q.select(m_root,
            { rsm(u"SupplyChainTradeTransaction"), ram(u"ApplicableHeaderTradeSettlement"),
                ram(u"SpecifiedTradeAllowanceCharge") });
    }

    std::vector<int> lineSettlements() const
    {
        return m_q.select(m_root,
            { rsm(u"SupplyChainTradeTransaction"), ram(u"IncludedSupplyChainTradeLineItem"),
                ram(u"SpecifiedLineTradeSettlement") });
    }

    // Σ lines + Σ charges - Σ allowances of one VAT category, each sum rounded to cents, in doubles (the
    // profile's BR-IC-08 sums the amounts as they are written, without xs:decimal). Empty when an amount is
    // not a number.
    std::optional<double> categoryBasisDouble(QStringView category) const
    {
        double lines = 0;
        for (int settlement : lineSettlements()) {
            bool inCategory = false;
            for (int code : m_q.select(settlement, { ram(u"ApplicableTradeTax"), ram(u"CategoryCode") }))
                inCategory = inCategory || m_q.stringValue(code) == category;
            if (!inCategory)
                continue;
            for (int amount : m_q.select(settlement,
                     { ram(u"SpecifiedTradeSettlementLineMonetarySummation"), ram(u"LineTotalAmount") })) {
                const std::optional<double> n = m_q.number(amount);
                if (!n)
                    return std::nullopt;
                lines += *n;
            }
        }
        double charges = 0;
        double allowances = 0;
        for (int ac : headerAllowanceCharges()) {
            const std::optional<bool> isCharge = indicator(ac);
            bool inCategory = false;
            for (int code : m_q.select(ac, { ram(u"CategoryTradeTax"), ram(u"CategoryCode") }))
                inCategory = inCategory || m_q.stringValue(code) == category;
            if (!isCharge || !inCategory)
                continue;
            for (int amount : m_q.select(ac, { ram(u"ActualAmount") })) {
                const std::optional<double> n = m_q.number(amount);
                if (!n)
                    return std::nullopt;
                (*isCharge ? charges : allowances) += *n;
            }
        }
        return round2(lines) + round2(charges) - round2(allowances);
    }

    // The same sum in exact decimals (the profile's BR-O-08 converts every amount with xs:decimal).
    std::optional<Decimal> categoryBasisDecimal(QStringView category) const
    {
        Decimal lines;
        for (int settlement : lineSettlements()) {
            bool inCategory = false;
            for (int code : m_q.select(settlement, { ram(u"ApplicableTradeTax"), ram(u"CategoryCode") }))
                inCategory = inCategory || m_q.stringValue(code) == category;
            if (!inCategory)
                continue;
            for (int amount : m_q.select(settlement,
                     { ram(u"SpecifiedTradeSettlementLineMonetarySummation"), ram(u"LineTotalAmount") })) {
                const std::optional<Decimal> d = Decimal::fromString(m_q.stringValue(amount));
                if (!d)
                    return std::nullopt;
                lines += *d;
            }
        }
        Decimal charges;
        Decimal allowances;
        for (int ac : headerAllowanceCharges()) {
            const std::optional<bool> isCharge = indicator(ac);
            bool inCategory = false;
            for (int code : m_q.select(ac, { ram(u"CategoryTradeTax"), ram(u"CategoryCode") }))
                inCategory = inCategory || m_q.stringValue(code) == category;
            if (!isCharge || !inCategory)
                continue;
            for (int amount : m_q.select(ac, { ram(u"ActualAmount") })) {
                const std::optional<Decimal> d = Decimal::fromString(m_q.stringValue(amount));
                if (!d)
                    return std::nullopt;
                (*isCharge ? charges : allowances) += *d;
            }
        }
        return lines.round2() + charges.round2() - allowances.round2();
    }

    std::vector<int> headerBreakdowns() const
    {
        return m_q.everywhere({ rsm(u"SupplyChainTradeTransaction"), ram(u"ApplicableHeaderTradeSettlement"),
            ram(u"ApplicableTradeTax") });
    }

    bool anyWithOtherCategory(Name element) const
    {
        for (int e : m_q.everywhere(element)) {
            for (int code : m_q.select(e, { ram(u"CategoryCode") })) {
                if (m_q.stringValue(code) != u"O")
                    return true;
            }
        }
        return false;
    }
};

} // namespace ades::eu::facturx
