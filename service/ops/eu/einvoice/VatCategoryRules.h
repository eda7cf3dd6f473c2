#pragma once

#include "RuleContext.h"

namespace ades::eu {

// The VAT category rules of EN 16931 (reference §5): BR-S, BR-Z, BR-E, BR-AE, BR-IC, BR-G, BR-O, BR-AF and
// BR-AG, driven by one table of how each category constrains rates, amounts and exemption reasons.
class VatCategoryRules : private RuleContext
{
public:
    using RuleContext::RuleContext;

    void check();
};

} // namespace ades::eu
