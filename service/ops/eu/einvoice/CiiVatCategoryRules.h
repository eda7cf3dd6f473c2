#pragma once

#include "RuleContext.h"

namespace ades::eu {

// The VAT category rules (BR-S, BR-Z, BR-E, BR-AE, BR-IC, BR-G, BR-O, BR-AF, BR-AG) as the CII artefact
// states them, which differs from UBL in context and test: the identifier and rate rules are checked on
// every line, allowance or charge tax of the VAT type (one finding each), -01 counts tax elements, the
// breakdown rules of S and Z take any breakdown with the code while the others ask for the VAT type, and
// BR-AF-08/09 and BR-AG-08/09 never fail (their tests look one level too high, or are true()).
class CiiVatCategoryRules : private RuleContext
{
public:
    using RuleContext::RuleContext;

    void check();
};

} // namespace ades::eu
