#pragma once

#include "Decimal.h"
#include "EinvoiceValidator.h"
#include "InvoiceModel.h"

#include <QList>
#include <QString>
#include <optional>

namespace ades::eu {

// What every model rule family shares: the model under test, its syntax, the findings list all families
// append to (in the order EinvoiceValidator calls them) and the helpers that turn a failed test into a
// finding. The families derive from it privately.
class RuleContext
{
public:
    RuleContext(const InvoiceModel &model, QList<Finding> &findings);

protected:
    const InvoiceModel &m;
    const bool ubl;
    QList<Finding> &out;

    void fail(const QString &id, const QString &bt, const QString &location, const QString &message,
        Finding::Severity severity = Finding::Severity::Fatal);
    // A business term is missing when its element is absent or empty (the artefacts test the string value).
    void require(const Term &t, const QString &id, const QString &bt, const QString &what,
        const QString &location = {});
    // Only the element has to exist (groups, and the few terms the artefacts test with exists()).
    void requireGroup(const Term &t, const QString &id, const QString &bg, const QString &what,
        const QString &location = {});
    // The same at a term's path, which is built only when the rule fails.
    void require(
        const Term &t, const QString &id, const QString &bt, const QString &what, const TermPath &location);
    void requireGroup(
        const Term &t, const QString &id, const QString &bg, const QString &what, const TermPath &location);

    bool isCharge(const AllowanceCharge &ac) const;
    bool isAllowance(const AllowanceCharge &ac) const;

    // A tax category within VAT: UBL compares its TaxScheme upper-cased, CII its TypeCode upper-cased.
    static bool inVatScheme(const Term &scheme);
    static std::optional<Decimal> num(const Term &t);
    static Decimal sumOf(const QList<Term> &terms);
};

} // namespace ades::eu
