#include "GuardPurchase.h"

#include "GuardCheck.h"
#include "PayeeKind.h"
#include "PurchaseDecision.h"
#include "catalog/Catalog.h"
#include "catalog/Invoker.h"
#include "core/CallGroup.h"
#include "core/Clock.h"
#include "payments/PaymentSettings.h"

#include <QJsonArray>

using namespace Qt::StringLiterals;

namespace ades::guard {

namespace {

const QString WalletScreening = u"eu.sanctions.wallet"_s;

QJsonObject delivered(const PurchaseDecision &decision, const QJsonObject &arguments, const QDateTime &now,
    const QStringList &notRun, const QJsonValue &screening, const QJsonValue &kind)
{
    QJsonObject result = guardResult(decision, arguments, now, notRun);
    result.insert(u"payto_screening"_s, screening);
    result.insert(u"payto_kind"_s, kind);
    result.insert(u"charged"_s, true);
    result.insert(u"note"_s,
        u"Local checks, the payTo screening against the EU, UN and UK sanctions lists and, on the chains the "
        "service reads, what kind of address payTo is. A decision is advice on this challenge and this "
        "authority, never a payment."_s);
    return result;
}

// The two payee checks run side by side; both complete on the handler's thread (CallGroup).
struct PayeeAnswers
{
    std::optional<Result<QJsonObject>> screening;
    std::optional<Result<PayeeKind>> kind;
};

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
        // A local do_not_pay is final: screening its payee could not change it.
        if (decision.verdict() == PurchaseDecision::Verdict::DoNotPay || payTo.isEmpty())
            return finish(delivered(decision, arguments, now, payeeChecks(), QJsonValue(), QJsonValue()));
        if (!PaymentSettings::isEvmAddress(payTo)) {
            decision.addPayeeCheck(u"payto_not_screenable"_s, false, true,
                u"payTo %1 is not an EVM address; the sanctions lists name EVM wallets only, so it was not "
                "screened."_s.arg(payTo));
            return finish(delivered(decision, arguments, now, payeeChecks(), QJsonValue(), QJsonValue()));
        }
        const Operation *screen = catalog.find(WalletScreening);
        const Exposure *exposure = screen ? screen->exposure(Channel::Cli) : nullptr;
        if (!exposure)
            return done(ServiceError::sourceUnavailable(u"sanctions_lists"_s,
                u"The sanctions wallet screening is not part of this service. Nothing was charged."_s));

        auto checks = std::make_shared<PayeeAnswers>();
        auto group = CallGroup::start(2, [checks, decision, arguments, now, payTo, finish, done]() mutable {
            // Either check failing is the uncharged 503 naming its source: missing evidence never approves.
            if (!checks->screening->ok())
                return done(checks->screening->error());
            if (!checks->kind->ok())
                return done(checks->kind->error());
            const QJsonObject screening = checks->screening->value();
            const PayeeKind &kind = checks->kind->value();
            if (screening.value(u"listed"_s).toBool())
                decision.addPayeeCheck(u"payto_sanctioned"_s, true, false,
                    u"payTo %1 is a wallet a sanctions list names for a listed subject: paying it may breach "
                    "the sanctions."_s.arg(payTo));
            kind.judge(decision, payTo);
            const QStringList notRun = kind.state == PayeeKind::State::Read
                ? QStringList()
                : QStringList { PayeeKind::checkName() };
            finish(delivered(decision, arguments, now, notRun, screening, kind.toJson()));
        });
        Invoker::invoke(*screen, *exposure, QJsonObject { { u"address"_s, payTo } }, context,
            [checks, group](Outcome outcome) {
                checks->screening = outcome.ok() ? Result<QJsonObject>(outcome.value().data)
                                                 : Result<QJsonObject>(outcome.error());
                group->arrive();
            });
        PayeeKind::read(
            catalog, decision.chosenNetwork(), payTo, context, [checks, group](Result<PayeeKind> kind) {
                checks->kind = std::move(kind);
                group->arrive();
            });
    };
}

} // namespace ades::guard
