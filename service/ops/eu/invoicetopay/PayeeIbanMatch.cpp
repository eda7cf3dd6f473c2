#include "PayeeIbanMatch.h"

#include "InvoiceFacts.h"
#include "core/Clock.h"
#include "ops/eu/iban/BankRegistry.h"
#include "ops/eu/iban/IbanValidator.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::eu {

QString PayeeIbanMatch::maskIban(const QString &electronic)
{
    if (electronic.size() < 12)
        return u"****"_s;
    return electronic.left(4) + u"****"_s + electronic.right(4);
}

PayCheck PayeeIbanMatch::check(const InvoiceFacts &facts, const QString &trusted,
    const IbanValidator &validator, const QDateTime &checkedAt)
{
    PayCheck c;
    c.id = u"payee_iban"_s;
    c.source = QJsonObject {
        { u"source"_s, u"buyer_master_data"_s },
        { u"name"_s, u"trusted_payee_iban from the buyer's master data, compared with BT-84"_s },
        { u"checked_at"_s, isoUtc(checkedAt) },
        { u"version"_s, QJsonValue() },
    };
    const IbanAnalysis trustedAnalysis = validator.analyse(trusted);
    QJsonArray accounts;
    int matching = 0;
    for (const PayeeAccount &a : facts.accounts) {
        const IbanAnalysis analysis = validator.analyse(a.account);
        const bool same = a.account == trusted;
        matching += same ? 1 : 0;
        QJsonObject account {
            { u"iban_masked"_s, maskIban(a.account) },
            { u"payment_means_code"_s, a.meansCode },
            { u"valid_iban"_s, analysis.isValid() },
            { u"matches_trusted"_s, same },
            { u"country"_s, analysis.country },
        };
        if (const std::optional<BankInfo> bank = validator.lookupBank(analysis)) {
            account.insert(u"bank_name"_s, bank->name);
            account.insert(u"bic"_s, bank->bic);
        }
        accounts.append(account);
    }
    c.evidence = QJsonObject {
        { u"trusted_iban_masked"_s, maskIban(trusted) },
        { u"trusted_iban_country"_s, trustedAnalysis.country },
        { u"invoice_accounts"_s, accounts },
        { u"payment_means_codes"_s, QJsonArray::fromStringList(facts.paymentMeansCodes) },
    };
    if (facts.accounts.isEmpty()) {
        c.status = PayCheck::Status::Hold;
        c.code = u"iban_not_on_invoice"_s;
        c.message = u"The invoice names no payee account (BT-84), so it cannot be matched with the trusted "
                    "IBAN."_s;
    } else if (matching == 0) {
        c.status = PayCheck::Status::DoNotPay;
        c.code = u"iban_mismatch"_s;
        c.message = u"The invoice asks for payment to %1, not to the trusted account %2."_s.arg(
            maskIban(facts.accounts.first().account), maskIban(trusted));
    } else if (matching < facts.accounts.size()) {
        c.status = PayCheck::Status::Hold;
        c.code = u"iban_additional_accounts"_s;
        c.message
            = u"The invoice names the trusted account %1 and %2 other account(s)."_s.arg(maskIban(trusted))
                  .arg(facts.accounts.size() - matching);
    } else {
        c.status = PayCheck::Status::Pass;
        c.code = u"iban_match"_s;
        c.message = u"The invoice's payee account is the trusted account %1."_s.arg(maskIban(trusted));
    }
    c.evidence.insert(u"match"_s, c.code);
    return c;
}

} // namespace ades::eu
