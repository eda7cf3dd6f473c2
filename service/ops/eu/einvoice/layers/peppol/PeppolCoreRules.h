#pragma once

#include "../../Decimal.h"

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
    // The elements of one invoice line that R120 reads (-1 when absent).
    struct LineElements
    {
        int net = -1; // the line net amount (BT-131)
        int quantity = -1; // the invoiced quantity (BT-129)
        int price = -1; // the item net price (BT-146)
        int base = -1; // the item price base quantity (BT-149)
    };

    // A line's allowance and charge amounts as R120 adds them up; not valid when one is not a decimal.
    struct LineSums
    {
        Decimal allowances;
        Decimal charges;
        bool valid = true;
    };

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
    void addToLineSums(int ac, int indicatorElement, QStringView amountStep, LineSums &sums) const;
    void checkLineNetAmount(int line, const LineElements &elements, const LineSums &sums);

    PeppolContext &c;
};

} // namespace ades::eu
