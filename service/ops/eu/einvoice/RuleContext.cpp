#include "RuleContext.h"

#include "RuleSupport.h"

using namespace Qt::StringLiterals;
using namespace ades::eu::rules;

namespace ades::eu {

using Severity = Finding::Severity;

RuleContext::RuleContext(const InvoiceModel &model, QList<Finding> &findings)
    : m(model)
    , ubl(model.syntax == InvoiceModel::Syntax::Ubl)
    , out(findings)
{ }

void RuleContext::fail(
    const QString &id, const QString &bt, const QString &location, const QString &message, Severity severity)
{
    out.append(Finding { id, severity, bt, location.isEmpty() ? m.rootPath : location, message });
}

// The indicator as the artefacts cast it to xs:boolean ("true"/"1", "false"/"0").
// (UBL only: the CII artefact compares udt:Indicator with the strings 'true' and 'false').
bool RuleContext::isCharge(const AllowanceCharge &ac) const
{
    return ac.chargeIndicator.value == u"true"_sv || (ubl && ac.chargeIndicator.value == u"1"_sv);
}

bool RuleContext::isAllowance(const AllowanceCharge &ac) const
{
    return ac.chargeIndicator.value == u"false"_sv || (ubl && ac.chargeIndicator.value == u"0"_sv);
}

bool RuleContext::inVatScheme(const Term &scheme)
{
    // A case-insensitive comparison folds character by character: only three characters can match.
    return scheme.value.size() == 3 && scheme.value.compare(u"VAT"_sv, Qt::CaseInsensitive) == 0;
}

std::optional<Decimal> RuleContext::num(const Term &t)
{
    if (!t.isPresent())
        return std::nullopt;
    return Decimal::fromString(t.value);
}

// XPath sum() semantics over optional terms: absent terms count as nothing.
Decimal RuleContext::sumOf(const QList<Term> &terms)
{
    Decimal total;
    for (const Term &t : terms) {
        if (const auto v = num(t))
            total += *v;
    }
    return total;
}

void RuleContext::require(
    const Term &t, const QString &id, const QString &bt, const QString &what, const QString &location)
{
    if (!t.isPresent() || t.value.isEmpty())
        fail(id, bt, location, u"%1 (%2) is missing"_s.arg(what, bt));
}

void RuleContext::requireGroup(
    const Term &t, const QString &id, const QString &bg, const QString &what, const QString &location)
{
    if (!t.isPresent())
        fail(id, bg, location, u"%1 (%2) is missing"_s.arg(what, bg));
}

void RuleContext::require(
    const Term &t, const QString &id, const QString &bt, const QString &what, const TermPath &location)
{
    if (!t.isPresent() || t.value.isEmpty())
        fail(id, bt, location, u"%1 (%2) is missing"_s.arg(what, bt));
}

void RuleContext::requireGroup(
    const Term &t, const QString &id, const QString &bg, const QString &what, const TermPath &location)
{
    if (!t.isPresent())
        fail(id, bg, location, u"%1 (%2) is missing"_s.arg(what, bg));
}

} // namespace ades::eu
