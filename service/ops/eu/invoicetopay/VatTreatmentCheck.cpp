#include "VatTreatmentCheck.h"

#include "InvoiceFacts.h"
#include "InvoiceToPayInput.h"
#include "core/Clock.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::eu {

VatTreatmentCheck::VatTreatmentCheck()
    : m_json(m_engine)
{ }

PayCheck VatTreatmentCheck::check(const InvoiceFacts &facts, const InvoiceToPayInput &input,
    std::optional<bool> buyerVatValid, const QDateTime &checkedAt) const
{
    PayCheck c;
    c.id = u"vat_treatment"_s;
    c.source = QJsonObject {
        { u"source"_s, u"vat_rules"_s },
        { u"name"_s, u"ADES VAT rules (eu.vat.rules): Council Directive 2006/112/EC decision table"_s },
        { u"checked_at"_s, isoUtc(checkedAt) },
        { u"version"_s, QString(u"rates as of "_s + m_engine.rates().asOf().toString(Qt::ISODate)) },
    };
    const QString supplier = !facts.sellerCountry.isEmpty() ? facts.sellerCountry
                                                            : InvoiceFacts::countryOfVatId(facts.sellerVatId);
    if (supplier.isEmpty()) {
        c.status = PayCheck::Status::Missing;
        c.code = u"supplier_country_absent"_s;
        c.message = u"the invoice names neither the seller's country (BT-40) nor a VAT ID with a prefix"_s;
        return c;
    }
    QJsonObject arguments { { u"supplier"_s, supplier }, { u"customer"_s, input.buyerCountry },
        { u"b2b"_s, input.b2b }, { u"type"_s, input.supplyType } };
    if (buyerVatValid)
        arguments.insert(u"customer_vat_valid"_s, *buyerVatValid);
    if (!facts.supplyDate().isEmpty())
        arguments.insert(u"date"_s, facts.supplyDate());
    Result<VatRulesQuery> query = vatRulesQuery(arguments, checkedAt.date());
    QString dateNote;
    if (!query.ok() && arguments.contains(u"date"_s)) {
        // An unreadable date on the invoice: decide for today, and say so.
        dateNote
            = u"the invoice's supply date '%1' is no calendar date; the rates in force today were used"_s.arg(
                arguments.value(u"date"_s).toString());
        arguments.remove(u"date"_s);
        query = vatRulesQuery(arguments, checkedAt.date());
    }
    const Result<VatDecision> decision = query.ok() ? m_engine.decide(query.value()) : query.error();
    if (!decision.ok()) {
        c.status = PayCheck::Status::Hold;
        c.code = u"vat_treatment_review"_s;
        c.message = decision.error().message();
        c.evidence = QJsonObject { { u"query"_s, arguments } };
        return c;
    }
    const VatDecision &d = decision.value();
    const QJsonObject rules = m_json.result(d);
    const QString expected = vatCategoryCode(d.category);
    c.evidence = QJsonObject {
        { u"query"_s, arguments },
        { u"expected_category"_s, expected },
        { u"invoice_categories"_s, QJsonArray::fromStringList(facts.vatCategories) },
        { u"buyer_vat_valid_in_vies"_s, buyerVatValid ? QJsonValue(*buyerVatValid) : QJsonValue() },
        { u"date_note"_s, dateNote.isEmpty() ? QJsonValue() : QJsonValue(dateNote) },
    };
    for (const QString &key :
        { u"rule"_s, u"place_of_supply"_s, u"liable"_s, u"reverse_charge"_s, u"category"_s, u"exemption"_s,
            u"invoice_rate_percent"_s, u"verdict"_s, u"reasons"_s, u"assumptions"_s, u"rates_as_of"_s })
        c.evidence.insert(key, rules.value(key));

    QStringList unexpected;
    for (const QString &category : facts.vatCategories) {
        if (category != expected)
            unexpected.append(category);
    }
    if (d.needsReview()) {
        c.status = PayCheck::Status::Hold;
        c.code = u"vat_treatment_review"_s;
        c.message = u"The VAT rules cannot settle the treatment from the invoice and the request: %1"_s.arg(
            d.reasons.first().message);
    } else if (facts.vatCategories.isEmpty() || !unexpected.isEmpty()) {
        c.status = PayCheck::Status::Hold;
        c.code = u"vat_treatment_differs"_s;
        c.message = u"The VAT rules expect category %1 (%2); the invoice uses %3."_s.arg(expected,
            rules.value(u"rule"_s).toObject().value(u"title"_s).toString(),
            facts.vatCategories.isEmpty() ? u"none"_s : facts.vatCategories.join(u", "_s));
    } else {
        c.status = PayCheck::Status::Pass;
        c.code = u"vat_treatment_matches"_s;
        c.message = u"The invoice's VAT category %1 is the one the VAT rules expect (%2)."_s.arg(
            expected, rules.value(u"rule"_s).toObject().value(u"title"_s).toString());
    }
    return c;
}

} // namespace ades::eu
