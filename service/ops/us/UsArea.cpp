#include "UsArea.h"

#include "RegisterUs.h"
#include "area/AreaContext.h"
#include "readiness/ImportJobs.h"
#include "sources/HtsClient.h"
#include "sources/RecallClient.h"
#include "store/Store.h"

using namespace Qt::StringLiterals;

namespace ades::us {

UsArea::UsArea() = default;
UsArea::~UsArea() = default;

QString UsArea::name() const
{
    return u"us"_s;
}

QList<UpstreamSource> UsArea::sources() const
{
    return { HtsClient::sourceDefaults(), RecallClient::sourceDefaults() };
}

void UsArea::registerOperations(Catalog &catalog, const AreaContext &context)
{
    m_services.jobs = std::make_shared<const ImportJobs>(context.store.jobs(), context.clock);
    m_services.tariff = std::make_shared<const HtsClient>(context.upstream, context.clock);
    m_services.recalls = std::make_shared<const RecallClient>(context.upstream, context.clock);
    registerUs(catalog, context, m_services);
}

} // namespace ades::us
