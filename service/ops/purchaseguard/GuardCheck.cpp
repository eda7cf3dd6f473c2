#include "GuardCheck.h"

#include "PayeeKind.h"
#include "PurchaseDecision.h"
#include "core/Clock.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::guard {

namespace {

// Bumped whenever a rule of docs/purchase-guard.md changes what the guard decides.
const QString PolicyVersion = u"purchase-guard-policy/2026-11-30.1"_s;

const QStringList LocalChecks { u"resource_https"_s, u"resource_matches_challenge"_s, u"challenge_x402_v2"_s,
    u"scheme_exact"_s, u"network_allowed"_s, u"asset_official_usdc"_s, u"eip712_domain"_s,
    u"amount_within_per_call_cap"_s, u"amount_within_per_day_cap"_s, u"payto_well_formed"_s,
    u"payto_not_the_asset"_s, u"not_expired"_s };

std::optional<QDateTime> receivedAt(const QJsonObject &arguments)
{
    const QString text = arguments.value(u"challenge_received_at"_s).toString();
    if (text.isEmpty())
        return std::nullopt;
    return QDateTime::fromString(text, Qt::ISODateWithMs);
}

} // namespace

const QStringList &payeeChecks()
{
    static const QStringList checks { u"payto_sanctions"_s, PayeeKind::checkName() };
    return checks;
}

std::optional<ServiceError> guardInputProblem(const QJsonObject &arguments)
{
    const Result<SpendingAuthority> authority
        = SpendingAuthority::read(arguments.value(u"spending_authority"_s).toObject());
    if (!authority.ok())
        return authority.error();
    const std::optional<QDateTime> received = receivedAt(arguments);
    if (received && !received->isValid())
        return ServiceError::unprocessable(u"invalid_date_time"_s,
            u"challenge_received_at: must be an ISO 8601 date-time such as 2026-11-29T12:00:00Z (got \"%1\")"_s
                .arg(arguments.value(u"challenge_received_at"_s).toString()),
            u"challenge_received_at"_s);
    return std::nullopt;
}

PurchaseDecision decideLocally(const QJsonObject &arguments, const QDateTime &now)
{
    return PurchaseDecision::decide(PurchaseDecision::Input {
        arguments.value(u"resource_url"_s).toString(),
        arguments.value(u"payment_required"_s),
        SpendingAuthority::read(arguments.value(u"spending_authority"_s).toObject()).value(),
        receivedAt(arguments),
        now,
    });
}

QJsonObject guardResult(const PurchaseDecision &decision, const QJsonObject &arguments, const QDateTime &now,
    const QStringList &notRun)
{
    QJsonObject result = decision.toJson();
    QStringList run = LocalChecks;
    for (const QString &check : payeeChecks()) {
        if (!notRun.contains(check))
            run.append(check);
    }
    result.insert(u"contract"_s, u"x402-purchase-guard/1"_s);
    result.insert(u"policy_version"_s, PolicyVersion);
    result.insert(u"resource_url"_s, arguments.value(u"resource_url"_s).toString());
    result.insert(u"checked_at"_s, isoUtc(now));
    result.insert(u"checks_run"_s, QJsonArray::fromStringList(run));
    result.insert(u"checks_not_run"_s, QJsonArray::fromStringList(notRun));
    return result;
}

Handler makeGuardCheckHandler(const Clock &clock)
{
    return [&clock](const QJsonObject &arguments, const CallContext &, Completion done) {
        const QDateTime now = clock.now();
        QJsonObject result = guardResult(decideLocally(arguments, now), arguments, now, payeeChecks());
        result.insert(u"charged"_s, false);
        result.insert(u"note"_s,
            u"Local checks only: the payTo address was neither screened nor looked up on its chain (POST "
            "/x402/purchase-guard does both). A "
            "decision is advice on this challenge and this authority, never a payment."_s);
        done(OperationResult { result, u"purchase guard "_s + result.value(u"decision"_s).toString() });
    };
}

} // namespace ades::guard
