#include "DisclosureOperation.h"

#include "DisclosureRecord.h"
#include "core/Clock.h"

using namespace Qt::StringLiterals;

namespace ades::disclosure {

Handler makeDisclosureHandler(DisclosureFacts::Form form, const Clock &clock)
{
    return [form, &clock](const QJsonObject &arguments, const CallContext &, Completion done) {
        const Result<DisclosureFacts> facts = DisclosureFacts::read(arguments, form);
        if (!facts.ok())
            return done(facts.error());
        const bool trial = form == DisclosureFacts::Form::Either;
        done(OperationResult { DisclosureRecord::build(facts.value(), clock.now(), trial),
            DisclosureRecord::subject(facts.value()) });
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
