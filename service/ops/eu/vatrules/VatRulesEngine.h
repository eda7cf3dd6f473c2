#pragma once

#include "VatRates.h"
#include "VatRuleTable.h"
#include "VatexCodes.h"
#include "core/Result.h"

#include <QDate>
#include <QList>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>

namespace ades::eu {

// Which of the taxing country's rate levels the goods or services fall under. The operation does not map
// products to levels (national law does); the caller says which level, the standard one by default.
enum class RateClass
{
    Standard,
    Reduced,
    SuperReduced,
    Parking,
    Zero,
};

QString rateClassName(RateClass rateClass);
std::optional<RateClass> rateClassFromName(QStringView name);

// One request, in the engine's terms (docs/interface.md §4.1, §4.3; docs/vat-rules.md "Inputs").
struct VatRulesQuery
{
    QString supplier; // two letters, any case: where the supplier is established
    QString customer; // where the customer is established or lives; for goods where they go
    bool b2b = true;
    SupplyType type = SupplyType::Service;
    std::optional<bool> customerVatValid;
    std::optional<bool> aboveOssThreshold;
    QString shipFrom; // goods: where dispatch begins or they are handed over; empty = supplier
    QString location; // location-bound services: where carried out; empty = not given
    std::optional<bool> transport; // goods: dispatched or transported (default true)
    std::optional<bool> streamed; // event admission: virtual attendance (default false)
    RateClass rateClass = RateClass::Standard;
    QDate date; // the supply's date, for the rate in force; must be valid
    bool dateGiven = false; // false: `date` is today, filled in by the handler
};

// A fact the caller must check or give (reasons), or one the engine filled in (assumptions).
struct VatIssue
{
    QString code;
    QString field; // the input it concerns; empty when none
    QString message;
};

struct VatInvoiceRequirement
{
    QString en;
    QString de;
    QString reference; // "Art. 226(4)", "EN 16931 BR-IC-11"
};

struct VatReportingHint
{
    QString code; // "ec_sales_list", "oss_union" ...
    QString text;
    QString reference; // legal reference key (vatLegalReference)
};

struct VatAppliedRate
{
    const VatCountryRates *table = nullptr;
    const VatRatePeriod *period = nullptr;
    QList<RateHundredths> levels; // the period's levels of the requested class
};

// The answer for one request: the row that decided it and everything derived from it.
struct VatDecision
{
    const VatRule *rule = nullptr;
    VatFacts facts;
    VatTerritory place;
    bool placeInEu = false; // inside the EU VAT rules for this kind of supply (XI: goods only)
    VatCategory category = VatCategory::S; // the row's, or Z when the caller asked for the zero rate
    RateClass rateClass = RateClass::Standard;
    std::optional<VatAppliedRate> rate; // levels of the taxing country, for S, Z and the margin scheme
    std::optional<RateHundredths> invoiceRate; // BT-152; none for O, L, M or when the level is not decided
    QString liabilityBasis; // legal reference key, or empty
    QDate date;
    QList<VatIssue> reasons; // non-empty: the verdict is "review"
    QList<VatIssue> assumptions;
    QList<VatInvoiceRequirement> invoiceRequirements;
    QList<VatReportingHint> reporting;
    QStringList evidence;
    QStringList notes;
    QStringList references; // legal reference keys, in order of first use

    bool needsReview() const { return !reasons.isEmpty(); }
};

// Decides the VAT treatment of one supply from the decision table (VatRuleTable), the dated rates table and
// the VATEX list. Pure and synchronous: no clock, no network, no JSON. Immutable: one instance serves every
// thread.
class VatRulesEngine
{
public:
    explicit VatRulesEngine(std::shared_ptr<const VatRates> rates = VatRates::bundled(),
        std::shared_ptr<const VatexCodes> vatex = VatexCodes::bundled());

    // 422 naming the field for a code that is no country; the decision otherwise.
    Result<VatDecision> decide(const VatRulesQuery &query) const;

    const VatRates &rates() const { return *m_rates; }
    const VatexCodes &vatex() const { return *m_vatex; }

private:
    void applyRate(VatDecision &decision, const VatRulesQuery &query) const;

    std::shared_ptr<const VatRates> m_rates;
    std::shared_ptr<const VatexCodes> m_vatex;
};

// What Art. 226 (and EN 16931, for the categories it constrains) asks an invoice of a category to show;
// built once, shared.
const QList<VatInvoiceRequirement> &vatInvoiceRequirements(VatCategory category);

// "19", "25.5", "4.8": a rate for text.
QString formatRate(RateHundredths rate);

} // namespace ades::eu
