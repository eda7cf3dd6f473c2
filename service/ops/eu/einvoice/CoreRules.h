#pragma once

#include "RuleContext.h"

namespace ades::eu {

// The core business rules of EN 16931 on the model: mandatory terms and groups (BR-01 ... BR-65 with the
// BR-CO conditions that sit on the same terms), plus the values the artefacts cannot even evaluate
// (ADES-XML-03).
class CoreRules : private RuleContext
{
public:
    using RuleContext::RuleContext;

    // Values the artefacts cannot even evaluate: amounts that are no decimal, indicators that are no boolean.
    void checkSyntaxValues();
    // BR-01 ... BR-16 and document-level conditions.
    void checkDocument();
    void checkParties();
    void checkLines();
    void checkAllowancesCharges();

private:
    bool periodReversed(const Term &start, const Term &end) const;
    void reason(const AllowanceCharge &ac, const QString &id, const QString &coId, const QString &bt);
};

} // namespace ades::eu
