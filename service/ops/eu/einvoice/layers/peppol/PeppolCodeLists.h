#pragma once

#include <QString>

namespace ades::eu {

class PeppolContext;

// The restricted code lists and formats of Peppol BIS Billing 3.0.19: PEPPOL-EN16931-CL001…CL008 (MIME
// codes, allowance and charge reasons, invoice period description code, currencies, electronic address
// schemes), P0100/P0101 (document type codes of profile 01), P0112 (326 and 384 only between German
// parties), P0104…P0111 (a VATEX exemption code fixes the VAT category) and F001 (date format). The lists
// are tables in resources/einvoice/peppol-*.txt (CodeList).
class PeppolCodeLists
{
public:
    explicit PeppolCodeLists(PeppolContext &context);
    void check();

private:
    void checkUbl();
    void checkCii();
    void checkReasonCode(int element, const QString &code, bool allowance, bool charge);

    PeppolContext &c;
};

} // namespace ades::eu
