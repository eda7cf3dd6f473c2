#pragma once

#include "RuleContext.h"

namespace ades::eu {

// The calculation rules of EN 16931 on the model: the totals chain (BR-12 ... BR-15, BR-CO-10 ... BR-CO-16),
// the VAT breakdown amounts (BR-45 ... BR-48, BR-CO-17) and the decimals of amounts (BR-DEC).
class CalculationRules : private RuleContext
{
public:
    using RuleContext::RuleContext;

    // BR-12 ... BR-15 and the totals chain BR-CO-10 ... BR-CO-16.
    void checkTotals();
    void checkTaxTotal();
    void checkUblGrandTotal();
    // BR-45 ... BR-48, BR-CO-17.
    void checkBreakdowns();
    // BR-DEC: at most two decimals on amounts.
    void checkDecimals();

private:
    void decimals(const Term &t, const QString &id, const QString &bt);
};

} // namespace ades::eu
