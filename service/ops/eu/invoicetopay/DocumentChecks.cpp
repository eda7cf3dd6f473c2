#include "DocumentChecks.h"

#include "InvoiceContainer.h"
#include "InvoiceFacts.h"
#include "InvoiceToPayInput.h"
#include "core/Clock.h"
#include "ops/eu/counterparty/NameMatch.h"
#include "ops/eu/einvoice/Decimal.h"
#include "ops/eu/einvoice/EinvoiceSummary.h"
#include "ops/eu/einvoice/EinvoiceValidator.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::eu::DocumentChecks {

namespace {

// Findings listed in the evidence; the counts cover all of them.
constexpr int MaxListedFindings = 100;

PayCheck make(const QString &id, const QJsonObject &source)
{
    PayCheck c;
    c.id = id;
    c.source = source;
    return c;
}

void set(PayCheck &c, PayCheck::Status status, const QString &code, const QString &message)
{
    c.status = status;
    c.code = code;
    c.message = message;
}

QJsonObject localSource(
    const QString &source, const QString &name, const QDateTime &at, const QJsonValue &version = QJsonValue())
{
    return QJsonObject { { u"source"_s, source }, { u"name"_s, name }, { u"checked_at"_s, isoUtc(at) },
        { u"version"_s, version } };
}

QJsonObject inputSource(const QDateTime &at)
{
    return localSource(u"buyer_input"_s, u"the buyer's expectations given with the request"_s, at);
}

int countOf(const QList<Finding> &findings, Finding::Severity severity)
{
    int n = 0;
    for (const Finding &f : findings)
        n += f.severity == severity ? 1 : 0;
    return n;
}

// Rule id, severity, business term and layer only: a finding's message may quote the document (an
// account number among them), and the dossier repeats no document text it does not need.
QJsonObject findingJson(const Finding &f)
{
    return QJsonObject {
        { u"id"_s, f.id },
        { u"severity"_s, EinvoiceValidator::severityName(f.severity) },
        { u"bt"_s, f.bt.isEmpty() ? QJsonValue() : QJsonValue(f.bt) },
        { u"layer"_s, f.layer.isEmpty() ? u"en16931"_s : f.layer },
    };
}

bool isCreditNote(const ValidationReport &report, const QString &typeCode)
{
    // UNTDID 1001: 381 credit note, 396 factored credit note, 532 forwarder's credit note.
    return report.documentType == u"CreditNote"_s || typeCode == u"381"_s || typeCode == u"396"_s
        || typeCode == u"532"_s;
}

} // namespace

QString validatorVersion()
{
    return u"ADES native EN 16931 validator (rules of the CEN validation artefacts 1.3.16)"_s;
}

QList<PayCheck> validation(
    const ValidationReport &report, const InvoiceContainer &container, const QDateTime &checkedAt)
{
    const QJsonObject source
        = localSource(u"einvoice_validator"_s, validatorVersion(), checkedAt, u"CEN 1.3.16"_s);
    PayCheck v = make(u"einvoice"_s, source);
    QList<Finding> deciding = report.en16931Applies ? report.findings : QList<Finding> {};
    QJsonArray checkedLayers;
    QJsonArray notChecked;
    if (report.en16931Applies)
        checkedLayers.append(u"en16931"_s);
    for (const LayerReport &layer : report.layers) {
        (layer.checked ? checkedLayers : notChecked).append(layer.name);
        deciding += layer.findings;
    }
    const int fatal = countOf(deciding, Finding::Severity::Fatal);
    QJsonArray listed;
    for (const Finding &f : std::as_const(deciding)) {
        if (listed.size() >= MaxListedFindings)
            break;
        listed.append(findingJson(f));
    }
    const QString typeCode = report.model ? report.model->typeCode.value.trimmed() : QString();
    v.evidence = QJsonObject {
        { u"valid"_s, fatal == 0 },
        { u"container"_s, container.container },
        { u"syntax"_s, report.syntax },
        { u"document_type"_s, report.documentType },
        { u"type_code"_s, typeCode },
        { u"specification_id"_s, report.specificationId },
        { u"profile"_s, report.profile.isEmpty() ? QJsonValue() : QJsonValue(report.profile) },
        { u"en16931_applies"_s, report.en16931Applies },
        { u"rule_sets"_s, QJsonObject { { u"checked"_s, checkedLayers }, { u"not_checked"_s, notChecked } } },
        { u"fatal_count"_s, fatal },
        { u"warning_count"_s, countOf(deciding, Finding::Severity::Warning) },
        { u"findings"_s, listed },
        { u"findings_truncated"_s, deciding.size() > MaxListedFindings },
    };
    if (!report.en16931Applies)
        set(v, PayCheck::Status::Hold, u"not_en16931_invoice"_s,
            u"The Factur-X profile %1 is not a complete EN 16931 invoice (no lines, no full VAT breakdown): "
            "it cannot be checked completely."_s.arg(report.profile));
    else if (fatal > 0)
        set(v, PayCheck::Status::Hold, u"invoice_invalid"_s,
            u"The invoice breaks %1 rule(s) of EN 16931 or of the layers its BT-24 selects."_s.arg(fatal));
    else if (!notChecked.isEmpty())
        set(v, PayCheck::Status::Hold, u"einvoice_layer_not_checked"_s,
            u"BT-24 selects rule layers this service does not check (%1)."_s.arg(
                notChecked.toVariantList().first().toString()));
    else if (isCreditNote(report, typeCode))
        set(v, PayCheck::Status::Hold, u"credit_note"_s,
            u"The document is a credit note: it is settled against invoices, not paid."_s);
    else
        set(v, PayCheck::Status::Pass, u"invoice_valid"_s,
            u"The invoice passes EN 16931 and the rule layers its BT-24 selects."_s);

    PayCheck t = make(u"totals"_s, source);
    if (!report.model) {
        set(t, PayCheck::Status::Missing, u"totals_not_read"_s, u"The invoice's totals could not be read."_s);
        return { v, t };
    }
    const QJsonObject totals = EinvoiceSummary::totals(*report.model, report.findings);
    const QJsonArray breakdown = EinvoiceSummary::vatBreakdown(*report.model, report.findings);
    t.evidence = QJsonObject { { u"totals"_s, totals }, { u"vat_breakdown"_s, breakdown } };
    QStringList inconsistent;
    for (const QJsonValue &check : totals.value(u"checks"_s).toArray()) {
        if (!check.toObject().value(u"consistent"_s).toBool(true))
            inconsistent.append(check.toObject().value(u"bt"_s).toString());
    }
    for (const QJsonValue &row : breakdown) {
        if (!row.toObject().value(u"consistent"_s).toBool(true))
            inconsistent.append(u"BG-23 "_s + row.toObject().value(u"category"_s).toString());
    }
    if (inconsistent.isEmpty())
        set(t, PayCheck::Status::Pass, u"totals_consistent"_s,
            u"Every document total and VAT breakdown adds up (EN 16931 BR-CO rules)."_s);
    else
        set(t, PayCheck::Status::Hold, u"totals_inconsistent"_s,
            u"These totals do not add up: %1."_s.arg(inconsistent.join(u", "_s)));
    return { v, t };
}

QList<PayCheck> expectations(
    const InvoiceFacts &facts, const InvoiceToPayInput &input, const QDateTime &checkedAt)
{
    const QJsonObject source = inputSource(checkedAt);

    PayCheck amount = make(u"expected_amount"_s, source);
    const std::optional<Decimal> expected = Decimal::fromString(input.expectedAmountText);
    const std::optional<Decimal> payable = Decimal::fromString(facts.payableAmount);
    amount.evidence = QJsonObject {
        { u"expected"_s, input.expectedAmountText },
        { u"invoice_amount_due"_s, facts.payableAmount.isEmpty() ? QJsonValue() : facts.payableAmount },
        { u"business_term"_s, u"BT-115"_s },
    };
    if (!expected)
        set(amount, PayCheck::Status::Hold, u"amount_unreadable"_s,
            u"The expected amount is not a decimal number."_s);
    else if (!payable)
        set(amount, PayCheck::Status::Hold, u"amount_absent"_s,
            u"The invoice states no readable amount due (BT-115)."_s);
    else if (*payable != *expected) {
        amount.evidence.insert(u"difference"_s, (*payable - *expected).toString());
        set(amount, PayCheck::Status::Hold, u"amount_differs"_s,
            u"The invoice asks for %1, not the expected %2."_s.arg(
                facts.payableAmount, input.expectedAmountText));
    } else {
        set(amount, PayCheck::Status::Pass, u"amount_matches"_s,
            u"The amount due is the expected %1."_s.arg(input.expectedAmountText));
    }

    PayCheck currency = make(u"expected_currency"_s, source);
    currency.evidence = QJsonObject { { u"expected"_s, input.expectedCurrency },
        { u"invoice_currency"_s, facts.currency }, { u"business_term"_s, u"BT-5"_s } };
    if (facts.currency == input.expectedCurrency)
        set(currency, PayCheck::Status::Pass, u"currency_matches"_s,
            u"The invoice is in %1 as expected."_s.arg(facts.currency));
    else
        set(currency, PayCheck::Status::Hold, u"currency_differs"_s,
            u"The invoice is in %1, not in the expected %2."_s.arg(
                facts.currency.isEmpty() ? u"no stated currency"_s : facts.currency, input.expectedCurrency));

    PayCheck buyer = make(u"buyer"_s, source);
    QStringList buyerProblems;
    if (facts.buyerCountry != input.buyerCountry)
        buyerProblems.append(u"its buyer country (BT-55) is %1, not %2"_s.arg(
            facts.buyerCountry.isEmpty() ? u"absent"_s : facts.buyerCountry, input.buyerCountry));
    if (!input.expectedBuyerVat.isEmpty() && facts.buyerVatId != input.expectedBuyerVat)
        buyerProblems.append(u"its buyer VAT ID (BT-48) is %1, not %2"_s.arg(
            facts.buyerVatId.isEmpty() ? u"absent"_s : facts.buyerVatId, input.expectedBuyerVat));
    buyer.evidence = QJsonObject {
        { u"expected_country"_s, input.buyerCountry },
        { u"invoice_country"_s, facts.buyerCountry },
        { u"expected_vat_id"_s, input.expectedBuyerVat.isEmpty() ? QJsonValue() : input.expectedBuyerVat },
        { u"invoice_vat_id"_s, facts.buyerVatId.isEmpty() ? QJsonValue() : facts.buyerVatId },
    };
    if (buyerProblems.isEmpty())
        set(buyer, PayCheck::Status::Pass, u"buyer_matches"_s, u"The invoice is addressed to the buyer."_s);
    else
        set(buyer, PayCheck::Status::Hold, u"buyer_differs"_s,
            u"The invoice may be meant for someone else: %1."_s.arg(buyerProblems.join(u"; "_s)));

    PayCheck supplier = make(u"expected_supplier"_s, source);
    if (input.expectedSupplierVat.isEmpty() && input.expectedSupplierName.isEmpty()) {
        set(supplier, PayCheck::Status::NotRequested, u"not_requested"_s,
            u"No expected supplier VAT ID or name was given."_s);
    } else {
        QStringList problems;
        QJsonObject evidence { { u"invoice_vat_id"_s, facts.sellerVatId },
            { u"invoice_name"_s, facts.sellerName } };
        if (!input.expectedSupplierVat.isEmpty()) {
            evidence.insert(u"expected_vat_id"_s, input.expectedSupplierVat);
            if (facts.sellerVatId != input.expectedSupplierVat)
                problems.append(u"the seller's VAT ID (BT-31) is %1, not %2"_s.arg(
                    facts.sellerVatId.isEmpty() ? u"absent"_s : facts.sellerVatId,
                    input.expectedSupplierVat));
        }
        if (!input.expectedSupplierName.isEmpty()) {
            const NameMatch::Level level = NameMatch::compare(input.expectedSupplierName, facts.sellerName);
            evidence.insert(u"expected_name"_s, input.expectedSupplierName);
            evidence.insert(u"name_match"_s, NameMatch::levelName(level));
            if (level == NameMatch::Level::Different)
                problems.append(u"the seller (BT-27) is \"%1\", not \"%2\""_s.arg(
                    facts.sellerName, input.expectedSupplierName));
        }
        supplier.evidence = evidence;
        if (problems.isEmpty())
            set(supplier, PayCheck::Status::Pass, u"supplier_matches"_s,
                u"The invoice comes from the expected supplier."_s);
        else
            set(supplier, PayCheck::Status::Hold, u"supplier_differs"_s,
                u"The invoice may come from someone else: %1."_s.arg(problems.join(u"; "_s)));
    }

    PayCheck order = make(u"purchase_order"_s, source);
    if (input.purchaseOrderReference.isEmpty()) {
        set(order, PayCheck::Status::NotRequested, u"not_requested"_s,
            u"No purchase order reference was given."_s);
    } else {
        order.evidence = QJsonObject { { u"expected"_s, input.purchaseOrderReference },
            { u"invoice_reference"_s,
                facts.purchaseOrderReference.isEmpty() ? QJsonValue() : facts.purchaseOrderReference },
            { u"business_term"_s, u"BT-13"_s } };
        if (facts.purchaseOrderReference.compare(input.purchaseOrderReference, Qt::CaseInsensitive) == 0)
            set(order, PayCheck::Status::Pass, u"purchase_order_matches"_s,
                u"The invoice names the expected purchase order."_s);
        else
            set(order, PayCheck::Status::Hold, u"purchase_order_differs"_s,
                facts.purchaseOrderReference.isEmpty()
                    ? u"The invoice names no purchase order (BT-13)."_s
                    : u"The invoice names another purchase order (BT-13)."_s);
    }
    return { amount, currency, buyer, supplier, order };
}

} // namespace ades::eu::DocumentChecks
