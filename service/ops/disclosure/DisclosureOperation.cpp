#include "DisclosureOperation.h"

#include "DisclosureRecord.h"
#include "core/Clock.h"

#include <QThreadPool>

using namespace Qt::StringLiterals;

namespace ades::disclosure {

namespace {

// Content from this size on is hashed and recorded on the pool: BenchAiDisclosure measures a 1 MiB record at
// tens of milliseconds (reading, hashing and building), too long for an I/O thread; 64 KiB take about 1 ms.
constexpr qsizetype PoolThresholdBytes = 64 * 1024;

Outcome deliver(DisclosureFacts facts, const QDateTime &now, bool trial)
{
    facts.hashContent();
    const QString subject = DisclosureRecord::subject(facts);
    return OperationResult { DisclosureRecord::build(facts, now, trial), subject };
}

} // namespace

Handler makeDisclosureHandler(DisclosureFacts::Form form, const Clock &clock)
{
    return [form, &clock](const QJsonObject &arguments, const CallContext &, Completion done) {
        Result<DisclosureFacts> facts = DisclosureFacts::read(arguments, form);
        if (!facts.ok())
            return done(facts.error());
        const bool trial = form == DisclosureFacts::Form::Either;
        const QDateTime now = clock.now();
        const std::optional<QByteArray> &content = facts.value().content;
        if (!content || content->size() < PoolThresholdBytes)
            return done(deliver(facts.value(), now, trial));
        // As EinvoiceCheck does: the guard lives in the calling thread, so the queued completion runs there.
        auto *guard = new QObject;
        QThreadPool::globalInstance()->start([guard, facts = facts.value(), now, trial, done]() {
            const Outcome outcome = deliver(facts, now, trial);
            QMetaObject::invokeMethod(
                guard,
                [guard, done, outcome]() {
                    guard->deleteLater();
                    done(outcome);
                },
                Qt::QueuedConnection);
        });
    };
}

std::function<std::optional<ServiceError>(const QJsonObject &)> disclosureInputCheck(
    DisclosureFacts::Form form)
{
    return [form](const QJsonObject &arguments) -> std::optional<ServiceError> {
        const Result<DisclosureFacts> facts = DisclosureFacts::read(arguments, form);
        if (!facts.ok())
            return facts.error();
        return std::nullopt;
    };
}

} // namespace ades::disclosure
