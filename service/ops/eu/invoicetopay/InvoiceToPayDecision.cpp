#include "InvoiceToPayDecision.h"

#include <QHash>
#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::eu {

namespace {

// What to do about an outcome that stops approval, in the words a payables clerk would use.
QString actionFor(const PayCheck &check)
{
    static const QHash<QString, QString> actions {
        { u"iban_mismatch"_s,
            u"Do not pay: the invoice asks for payment to an account that is not the supplier's account in "
            "your master data. Confirm bank details only by calling a known contact of the supplier, never "
            "through the contact details on this invoice or an e-mail announcing a change."_s },
        { u"iban_additional_accounts"_s,
            u"The invoice names accounts besides the trusted one: pay only to the trusted account, and ask "
            "the supplier (through a known contact) why the others are there."_s },
        { u"iban_not_on_invoice"_s,
            u"The invoice names no payee account (BT-84): check the payment instructions with the supplier "
            "before paying to the trusted account."_s },
        { u"sanctions_match"_s,
            u"Do not pay: a name on the invoice matches a sanctions listing. Have a person compare the "
            "listing; if it is this party, make no funds available and notify the competent authority."_s },
        { u"sanctions_near_match"_s,
            u"Have a person compare the near sanctions match with the listing before approval, and record "
            "the outcome."_s },
        { u"invoice_invalid"_s,
            u"Ask the supplier for a corrected invoice: it breaks EN 16931 rules (see evidence.einvoice)."_s },
        { u"totals_inconsistent"_s,
            u"Ask the supplier for a corrected invoice: its totals do not add up (see evidence.totals)."_s },
        { u"amount_differs"_s,
            u"Compare the invoice's amount due with the purchase order or contract before approval."_s },
        { u"currency_differs"_s,
            u"The invoice is in another currency than expected: confirm the currency with the supplier."_s },
        { u"vat_treatment_differs"_s,
            u"Check the VAT categories of the invoice against the expected treatment (see "
            "evidence.vat_treatment); ask for a corrected invoice if they are wrong."_s },
        { u"vat_treatment_review"_s,
            u"The VAT treatment needs facts the invoice does not settle (see evidence.vat_treatment): have "
            "it checked before approval."_s },
        { u"vat_not_registered"_s,
            u"VIES does not confirm the supplier's VAT ID: ask the supplier for its current VAT ID."_s },
        { u"vat_format_invalid"_s, u"The supplier's VAT ID cannot exist: ask for it again."_s },
        { u"vat_name_mismatch"_s,
            u"VIES registers the supplier's VAT ID to another name: confirm who issued the invoice."_s },
        { u"supplier_differs"_s,
            u"The supplier on the invoice is not the one you expected: confirm who issued it."_s },
        { u"buyer_differs"_s,
            u"The invoice is addressed to another buyer than expected: confirm it is meant for you."_s },
        { u"purchase_order_differs"_s,
            u"The invoice names another purchase order: match it to the right order before approval."_s },
    };
    const QString action = actions.value(check.code);
    if (!action.isEmpty())
        return action;
    if (check.status == PayCheck::Status::Missing)
        return u"%1 could not be checked (%2): run the dossier again later, or check it by other means "
               "before approval."_s.arg(check.id, check.message);
    return u"%1: %2"_s.arg(check.id, check.message);
}

int urgency(PayCheck::Status status)
{
    switch (status) {
    case PayCheck::Status::DoNotPay:
        return 0;
    case PayCheck::Status::Hold:
        return 1;
    case PayCheck::Status::Missing:
        return 2;
    default:
        return 3;
    }
}

} // namespace

QString InvoiceToPayDecision::valueName(Value value)
{
    switch (value) {
    case Value::Ready:
        return u"READY_FOR_BUYER_APPROVAL"_s;
    case Value::Hold:
        return u"HOLD_FOR_REVIEW"_s;
    case Value::DoNotPay:
        return u"DO_NOT_PAY"_s;
    }
    return u"HOLD_FOR_REVIEW"_s;
}

InvoiceToPayDecision InvoiceToPayDecision::decide(const QList<PayCheck> &checks)
{
    InvoiceToPayDecision d;
    bool anyLiveRan = false;
    bool doNotPay = false;
    bool hold = false;
    QJsonArray required;
    QJsonArray ran;
    QJsonArray notRequested;
    for (const PayCheck &c : checks) {
        if (c.status == PayCheck::Status::NotRequested) {
            notRequested.append(c.id);
            continue;
        }
        required.append(c.id);
        if (c.status == PayCheck::Status::Missing) {
            d.m_missingChecks.append(c.id);
            for (const QString &s : c.missingSources) {
                if (!d.m_missingSources.contains(s))
                    d.m_missingSources.append(s);
            }
            hold = true;
            continue;
        }
        ran.append(c.id);
        anyLiveRan = anyLiveRan || c.live;
        doNotPay = doNotPay || c.status == PayCheck::Status::DoNotPay;
        hold = hold || c.status == PayCheck::Status::Hold;
    }
    d.m_delivered = anyLiveRan;
    d.m_value = doNotPay ? Value::DoNotPay : hold ? Value::Hold : Value::Ready;

    QList<const PayCheck *> open;
    for (const PayCheck &c : checks) {
        if (c.status != PayCheck::Status::Pass && c.status != PayCheck::Status::NotRequested)
            open.append(&c);
    }
    std::stable_sort(open.begin(), open.end(),
        [](const PayCheck *a, const PayCheck *b) { return urgency(a->status) < urgency(b->status); });
    for (const PayCheck *c : std::as_const(open))
        d.m_nextActions.append(actionFor(*c));
    if (d.m_value == Value::Ready)
        d.m_nextActions.append(
            u"Every check passed: route the invoice to your own approval step; pay only to the trusted "
            "account, and record this dossier's receipt with the payment."_s);
    else if (d.m_value == Value::Hold)
        d.m_nextActions.append(u"Do not pay before the points above are resolved; then run the dossier "
                               "again or record who approved the exception."_s);

    d.m_coverage = QJsonObject {
        { u"required"_s, required },
        { u"ran"_s, ran },
        { u"missing_checks"_s, QJsonArray::fromStringList(d.m_missingChecks) },
        { u"not_requested"_s, notRequested },
        { u"complete"_s, d.m_missingChecks.isEmpty() },
        { u"ratio"_s, u"%1/%2"_s.arg(ran.size()).arg(required.size()) },
    };
    return d;
}

} // namespace ades::eu
