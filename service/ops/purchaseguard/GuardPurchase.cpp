#include "GuardPurchase.h"

#include "GuardCheck.h"
#include "PurchaseDecision.h"
#include "catalog/Catalog.h"
#include "catalog/Invoker.h"
#include "core/Clock.h"
#include "payments/PaymentSettings.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::guard {

namespace {

const QString WalletScreening = u"eu.sanctions.wallet"_s;

QJsonObject delivered(PurchaseDecision decision, const QJsonObject &arguments, const QDateTime &now,
    const QJsonValue &screening)
{
    QJsonObject result = guardResult(decision, arguments, now, {});
    result.insert(u"payto_screening"_s, screening);
    result.insert(u"charged"_s, true);
    result.insert(u"note"_s,
        u"Local checks and the payTo screening against the EU, UN and UK sanctions lists. A decision is "
        u"advice "
        "on this challenge and this authority, never a payment."_s);
    return result;
}

} // namespace

Handler makeGuardPurchaseHandler(const Catalog &catalog, const Clock &clock)
{
    return [&catalog, &clock](const QJsonObject &arguments, const CallContext &context, Completion done) {
        const QDateTime now = clock.now();
        PurchaseDecision decision = decideLocally(arguments, now);
        const QString payTo = decision.payTo();
        const auto finish = [done](const QJsonObject &result) {
            done(OperationResult { result, u"purchase guard "_s + result.value(u"decision"_s).toString() });
        };
        if (decision.verdict() == PurchaseDecision::Verdict::DoNotPay || payTo.isEmpty())
            return finish(delivered(decision, arguments, now, QJsonValue()));
        if (!PaymentSettings::isEvmAddress(payTo)) {
            decision.addPayeeCheck(u"payto_not_screenable"_s, false, true,
                u"payTo %1 is not an EVM address; the sanctions lists name EVM wallets only, so it was not "
                "screened."_s.arg(payTo));
            return finish(delivered(decision, arguments, now, QJsonValue()));
        }
        const Operation *screen = catalog.find(WalletScreening);
        const Exposure *exposure = screen ? screen->exposure(Channel::Cli) : nullptr;
        if (!exposure)
            return done(ServiceError::sourceUnavailable(u"sanctions_lists"_s,
                u"The sanctions wallet screening is not part of this service. Nothing was charged."_s));
        Invoker::invoke(*screen, *exposure, QJsonObject { { u"address"_s, payTo } }, context,
            [decision, arguments, now, payTo, finish, done](Outcome outcome) mutable {
                if (!outcome.ok())
                    return done(outcome.error()); // 503: nothing screened, nothing charged
                const QJsonObject screening = outcome.value().data;
                if (screening.value(u"listed"_s).toBool())
                    decision.addPayeeCheck(u"payto_sanctioned"_s, true, false,
                        u"payTo %1 is a wallet a sanctions list names for a listed subject: paying it may "
                        u"breach "
                        "the sanctions."_s.arg(payTo));
                finish(delivered(decision, arguments, now, screening));
            });
    };
}

} // namespace ades::guard
