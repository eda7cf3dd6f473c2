#pragma once

#include "VatRulesEngine.h"
#include "catalog/Operation.h"

#include <QDate>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>

namespace ades {
class Clock;
}

namespace ades::eu {

// Handler of eu.vat.rules: validated arguments -> VatRulesQuery -> VatRulesEngine -> result JSON
// (docs/vat-rules.md). Completes synchronously, before returning, on the calling thread. The date of the
// supply defaults to today (UTC) by `clock`, which must outlive the handler. Loads the bundled tables at
// construction (call it at start-up).
Handler makeVatRulesHandler(const Clock &clock);

// The operation's input check (Operation::check): what the schema cannot rule out (two letters that name no
// country, an impossible date) is a 422 naming the field before any payment, quota or free-channel slot.
std::function<std::optional<ServiceError>(const QJsonObject &)> makeVatRulesCheck(const Clock &clock);

// The query of schema-validated arguments; `today` fills in an absent date. 422 naming the field for a
// value the schema cannot rule out (an impossible date such as 2026-02-30).
Result<VatRulesQuery> vatRulesQuery(const QJsonObject &arguments, const QDate &today);

// Writes the result object of a decision (contract eu-vat-rules/1). The members that depend only on the table
// (rule, category, exemption, wording, invoice requirements, legal references) are built once here and shared
// by every result: Qt's JSON containers are implicitly shared, so a result copies only what differs per call.
// Immutable after construction; one instance serves every thread. `engine` must outlive it.
class VatRulesJson
{
public:
    explicit VatRulesJson(const VatRulesEngine &engine);

    QJsonObject result(const VatDecision &decision) const;

private:
    QJsonObject partyObject(const VatTerritory &territory) const;

    const VatRulesEngine &m_engine;
    QHash<QString, QJsonObject> m_rules; // rule id -> {id, title, articles}
    QHash<QString, QJsonValue> m_exemptions; // rule id -> exemption or null
    QHash<QString, QJsonValue> m_wordings; // rule id -> invoice_wording or null
    QHash<QString, QJsonObject> m_categories; // code -> {code, name}
    QList<QJsonArray> m_requirements; // by VatCategory
    QHash<QString, QJsonObject> m_references; // legal reference key -> {act, article, subject}
    QHash<const VatRatePeriod *, QJsonObject> m_periods; // the rates table's periods, as results show them
    QHash<QString, QJsonObject> m_parties; // territory code -> supplier/customer object
};

// The result object of one decision (contract eu-vat-rules/1), building its parts afresh; for tests.
QJsonObject vatRulesResult(const VatDecision &decision, const VatRulesEngine &engine);

// What a receipt attests: "DE->FR service b2b 2026-11-25".
QString vatRulesSubject(const VatDecision &decision);

} // namespace ades::eu
