#pragma once

#include <QStringView>

namespace ades::eu {

class PeppolContext;

// PEPPOL-EN16931-R*: the transaction rules of Peppol BIS Billing 3.0.19 (business process and
// specification identifiers, notes, references, electronic addresses, tax totals, currencies, the
// allowance/charge and line arithmetic, line periods and object references), for UBL and CII. Rules run
// with the artefact's Schematron semantics: one finding per failing context element, and an element that
// matches several rule contexts of the same pattern is checked only by the first (an allowance without its
// base amount fails R041 and is then not checked by R040/R043).
class PeppolCoreRules
{
public:
    explicit PeppolCoreRules(PeppolContext &context);
    void check();

private:
    void checkUblEmptyElements();
    void checkUblDocument();
    void checkUblAllowanceCharges();
    void checkUblCurrencies();
    void checkUblLines();
    void checkCiiDocument();
    void checkCiiAllowanceCharges();
    void checkCiiLines();
    bool checkPercentageAndBase(int ac, int percent, int base, QStringView amountStep);
    void checkChargeIndicator(int ac, int indicator);

    PeppolContext &c;
};

} // namespace ades::eu
