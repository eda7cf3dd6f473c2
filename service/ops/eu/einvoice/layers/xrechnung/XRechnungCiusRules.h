#pragma once

#include "XRechnungRuleContext.h"

namespace ades::eu::xrechnung {

// The XRechnung CIUS rules (BR-DE-1 ... BR-DE-31, BR-DE-TMP-32, BR-TMP-2, BR-TMP-3) of KoSIT's
// XRechnung 3.0.2 schematron, for UBL and CII. Each rule is evaluated on the context elements the
// artefact gives it, one finding per failing context element.
class XRechnungCiusRules : private XRechnungRuleContext
{
public:
    using XRechnungRuleContext::XRechnungRuleContext;
    void check();

private:
    // Which of the payment groups a payment means gives (credit transfer BG-17, card BG-18, direct debit
    // BG-19), and its accounts whose IBAN BR-DE-19 / BR-DE-20 check (-1 when absent).
    struct PaymentGroups
    {
        bool transfer = false;
        bool card = false;
        bool debit = false;
        bool transferOrCardForDebit = false; // what BR-DE-25-b forbids beside a direct debit
        int payeeAccount = -1;
        int debitedAccount = -1;
    };

    void checkUbl();
    void checkUblPaymentMeans(int means);
    void checkCii();
    void checkCiiPaymentMeans(int means);
    void checkPaymentGroups(int means, const QString &code, const PaymentGroups &groups);
    void checkSellerContact(int contact, int telephone, int email, bool nameGiven);
    void checkAddress(int address, const QString &cityId, const QString &postCodeId, const QString &cityBt,
        const QString &postCodeBt, const QString &what);
    void checkSkonto(const QStringList &notes);
    void checkIban(int means, int account, const QString &id, const QString &bt);
};

} // namespace ades::eu::xrechnung
