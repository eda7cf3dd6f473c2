#pragma once

namespace ades::eu {

class PeppolContext;

// The national rule sets of Peppol BIS Billing 3.0.19, each applying when the seller (and for some rules
// also the buyer) is in that country, as the artefact decides it: DE-R (UBL; German seller and buyer),
// DK-R, SE-R, NL-R, NO-R, IT-R (UBL and CII), GR-R/GR-S and IS-R (UBL). One source file per country.
class PeppolNationalRules
{
public:
    explicit PeppolNationalRules(PeppolContext &context);
    void check();

private:
    void checkGermany();
    void checkDenmark();
    void checkGreece();
    void checkIceland();
    void checkItaly();
    void checkNetherlands();
    void checkNorway();
    void checkSweden();

    PeppolContext &c;
};

} // namespace ades::eu
