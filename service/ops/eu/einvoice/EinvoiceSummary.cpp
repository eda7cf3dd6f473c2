#include "EinvoiceSummary.h"

#include "Decimal.h"

#include <QHash>
#include <QSet>
#include <optional>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

std::optional<Decimal> number(const Term &term)
{
    if (!term.isPresent())
        return std::nullopt;
    return Decimal::fromString(term.value);
}

Decimal orZero(const std::optional<Decimal> &d)
{
    return d ? *d : Decimal();
}

QJsonValue text(const Term &term)
{
    return term.isPresent() ? QJsonValue(term.value) : QJsonValue();
}

QJsonValue decimalValue(const std::optional<Decimal> &d)
{
    return d ? QJsonValue(d->toString()) : QJsonValue();
}

bool fired(const QList<Finding> &findings, const QString &rule, const QString &location = {})
{
    for (const Finding &f : findings) {
        if (f.id == rule && (location.isEmpty() || f.location.startsWith(location)))
            return true;
    }
    return false;
}

Decimal sumAmounts(const QList<AllowanceCharge> &items)
{
    Decimal sum;
    for (const AllowanceCharge &item : items)
        sum += orZero(number(item.amount));
    return sum;
}

bool sameRate(const Term &a, const Term &b)
{
    const auto x = number(a);
    const auto y = number(b);
    if (!x || !y)
        return !x && !y;
    return *x == *y;
}

// EN 16931 VAT category code (UNCL5305 subset) -> rule family of the CEN validation artefacts 1.3.16.
QString familyOf(const QString &category)
{
    static const QHash<QString, QString> families {
        { u"S"_s, u"BR-S"_s },
        { u"Z"_s, u"BR-Z"_s },
        { u"E"_s, u"BR-E"_s },
        { u"AE"_s, u"BR-AE"_s },
        { u"K"_s, u"BR-IC"_s },
        { u"G"_s, u"BR-G"_s },
        { u"O"_s, u"BR-O"_s },
        { u"L"_s, u"BR-AF"_s },
        { u"M"_s, u"BR-AG"_s },
        { u"B"_s, u"BR-B"_s },
    };
    return families.value(category);
}

} // namespace

QJsonObject EinvoiceSummary::totals(const InvoiceModel &model, const QList<Finding> &findings)
{
    const DocumentTotals &t = model.totals;
    Decimal lineSum;
    for (const InvoiceLine &line : model.lines)
        lineSum += orZero(number(line.netAmount));
    Decimal vatSum;
    for (const VatBreakdown &b : model.vatBreakdowns)
        vatSum += orZero(number(b.taxAmount));
    const auto lineTotal = number(t.lineTotal);
    const auto allowances = number(t.allowanceTotal);
    const auto charges = number(t.chargeTotal);
    const auto taxExclusive = number(t.taxExclusive);
    const auto taxTotal = number(t.taxTotal);
    const auto taxInclusive = number(t.taxInclusive);

    QJsonArray checks;
    auto add = [&](const QString &bt, const QString &rule, const std::optional<Decimal> &declared,
                   const Decimal &computed) {
        checks.append(QJsonObject {
            { u"bt"_s, bt },
            { u"rule"_s, rule },
            { u"declared"_s, decimalValue(declared) },
            { u"computed"_s, computed.toString() },
            { u"consistent"_s, !fired(findings, rule) },
        });
    };
    add(u"BT-106"_s, u"BR-CO-10"_s, lineTotal, lineSum);
    add(u"BT-107"_s, u"BR-CO-11"_s, allowances, sumAmounts(model.allowances));
    add(u"BT-108"_s, u"BR-CO-12"_s, charges, sumAmounts(model.charges));
    add(u"BT-109"_s, u"BR-CO-13"_s, taxExclusive, orZero(lineTotal) - orZero(allowances) + orZero(charges));
    add(u"BT-110"_s, u"BR-CO-14"_s, taxTotal, vatSum);
    add(u"BT-112"_s, u"BR-CO-15"_s, taxInclusive, orZero(taxExclusive) + orZero(taxTotal));
    add(u"BT-115"_s, u"BR-CO-16"_s, number(t.payable),
        orZero(taxInclusive) - orZero(number(t.prepaid)) + orZero(number(t.rounding)));
    return QJsonObject { { u"currency"_s, text(model.currency) }, { u"checks"_s, checks } };
}

QJsonArray EinvoiceSummary::vatBreakdown(const InvoiceModel &model, const QList<Finding> &findings)
{
    QJsonArray out;
    for (const VatBreakdown &b : model.vatBreakdowns) {
        const QString category = b.category.value;
        // BR-S-08 and its siblings: lines, allowances and charges of this category and rate.
        Decimal taxable;
        for (const InvoiceLine &line : model.lines) {
            if (line.vatCategory.value == category && sameRate(line.vatRate, b.rate))
                taxable += orZero(number(line.netAmount));
        }
        for (const AllowanceCharge &c : model.charges) {
            if (c.vatCategory.value == category && sameRate(c.vatRate, b.rate))
                taxable += orZero(number(c.amount));
        }
        for (const AllowanceCharge &a : model.allowances) {
            if (a.vatCategory.value == category && sameRate(a.vatRate, b.rate))
                taxable -= orZero(number(a.amount));
        }
        const auto rate = number(b.rate);
        const auto basis = number(b.taxableAmount);
        const QJsonValue computedTax = basis
            ? QJsonValue((*basis * orZero(rate)).dividedByPowerOfTen(2).round2().toString())
            : QJsonValue();

        QJsonArray rules;
        const QString family = familyOf(category);
        QSet<QString> seen;
        for (const Finding &f : findings) {
            const bool inFamily = !family.isEmpty() && f.id.startsWith(family + u'-');
            const bool here = f.id == u"BR-CO-17"_s && b.group.isPresent()
                && (f.location == b.group.path.toString()
                    || f.location.startsWith(b.group.path.toString() + u'/'));
            if ((inFamily || here) && !seen.contains(f.id)) {
                seen.insert(f.id);
                rules.append(f.id);
            }
        }
        out.append(QJsonObject {
            { u"category"_s, text(b.category) },
            { u"rate"_s, text(b.rate) },
            { u"taxable_amount"_s, text(b.taxableAmount) },
            { u"computed_taxable_amount"_s, taxable.toString() },
            { u"tax_amount"_s, text(b.taxAmount) },
            { u"computed_tax_amount"_s, computedTax },
            { u"exemption_reason"_s, text(b.exemptionReason) },
            { u"exemption_reason_code"_s, text(b.exemptionReasonCode) },
            { u"consistent"_s, rules.isEmpty() },
            { u"rules_fired"_s, rules },
        });
    }
    return out;
}

} // namespace ades::eu
