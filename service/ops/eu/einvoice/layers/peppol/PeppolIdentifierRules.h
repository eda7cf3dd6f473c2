#pragma once

namespace ades::eu {

class PeppolContext;

// PEPPOL-COMMON-R040…R050: identifiers with a known ISO 6523 scheme are checked wherever they appear as an
// electronic address, a party identifier or a legal/tax company identifier (UBL EndpointID,
// PartyIdentification/ID, CompanyID; CII URIID, ID, GlobalID): GLN 0088, Norwegian 0192, Danish 0184,
// Belgian 0208, Swedish 0007 and Australian 0151 numbers are fatal; the Italian IPA code 0201, tax code
// 0210/9907 and VAT number 0211 (CII also 9906) are warnings. The algorithms are in
// PeppolIdentifierChecksums.
class PeppolIdentifierRules
{
public:
    explicit PeppolIdentifierRules(PeppolContext &context);
    void check();

private:
    PeppolContext &c;
};

} // namespace ades::eu
