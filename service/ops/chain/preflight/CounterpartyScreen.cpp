#include "CounterpartyScreen.h"

#include "catalog/Catalog.h"
#include "catalog/Invoker.h"

using namespace Qt::StringLiterals;

namespace ades::chain {

CounterpartyScreen::CounterpartyScreen(const Catalog &catalog)
    : m_catalog(catalog)
{ }

QString CounterpartyScreen::operationId()
{
    return u"eu.sanctions.screen"_s;
}

void CounterpartyScreen::screen(const QString &address, std::function<void(Result<QJsonObject>)> done) const
{
    // Looked up per call: the catalog is complete once the service runs, whatever order areas register in.
    const Operation *operation = m_catalog.find(operationId());
    const Exposure *exposure = operation ? operation->exposure(Channel::Cli) : nullptr;
    if (!exposure)
        return done(ServiceError::sourceUnavailable(
            u"sanctions_lists"_s, u"This server has no sanctions screening operation."_s));
    // A high threshold: an address is one token, and only a near-identical listed string is a hit.
    const QJsonObject args { { u"name"_s, address }, { u"threshold"_s, 0.95 } };
    Invoker::invoke(
        *operation, *exposure, args, CallContext { Channel::Cli, QString() }, [done](Outcome outcome) {
            if (!outcome.ok())
                return done(outcome.error());
            done(outcome.value().data);
        });
}

} // namespace ades::chain
