#include "PeppolNationalRules.h"

#include "PeppolContext.h"

namespace ades::eu {

PeppolNationalRules::PeppolNationalRules(PeppolContext &context)
    : c(context)
{ }

void PeppolNationalRules::check()
{
    // Each set decides from the document whether it applies; most return at once.
    checkNorway();
    checkDenmark();
    checkItaly();
    checkSweden();
    checkNetherlands();
    if (c.ubl) {
        checkGreece();
        checkIceland();
        checkGermany();
    }
}

} // namespace ades::eu
